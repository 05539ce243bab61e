import type { Change } from 'schema-compat';

/** A change in one line: code, locations, summary and grade, so that whole lists compare at a glance. */
export function line(change: Change): string {
  const where = [change.location.old === undefined ? '' : `old ${change.location.old}`, change.location.new === undefined ? '' : `new ${change.location.new}`].filter(Boolean).join(' ');
  const grade = change.breaks.length === 0 ? 'safe' : `breaks ${change.breaks.join('+')}`;
  return `${change.change} [${where}] ${change.summary} — ${grade}${change.warns ? `, warns ${change.warns.join('+')}` : ''}`;
}
