import type { CheckReport } from './report.js';

/**
 * `--format json`: the `CompatibilityResult`; against a source, with `source` (what was compared:
 * kind, description, notes, each version's number and label, commit, date, tag or id) and, for a
 * registry, `registry` (what the registry itself said).
 */
export function formatJson(report: CheckReport): string {
  if (report.source === undefined) return `${JSON.stringify(report.result, null, 2)}\n`;
  const versions = report.history.map(({ version, label, path, commit, date, tag, id }) => ({
    version, label,
    ...(path === undefined ? {} : { path }),
    ...(commit === undefined ? {} : { commit }),
    ...(date === undefined ? {} : { date }),
    ...(tag === undefined ? {} : { tag }),
    ...(id === undefined ? {} : { id }),
  }));
  const source = { ...report.source, ...(report.strategyFrom === undefined ? {} : { strategyFrom: report.strategyFrom }), versions };
  return `${JSON.stringify({ ...report.result, source, ...(report.registry === undefined ? {} : { registry: report.registry }) }, null, 2)}\n`;
}
