import type { ApplyOutcome, ApplyPlan, PlanStep, SubjectPlan } from '../repository/index.js';
import { cellText, escapeText } from './format-markdown.js';
import { untrusted } from './untrusted-text.js';

export type ApplyFormat = 'text' | 'markdown' | 'json';

function stepText(step: PlanStep): string {
  if (step.kind === 'set-level') return `set level of ${step.subject}: ${step.from ?? '(unset)'} -> ${step.to}`;
  if (step.kind === 'soft-delete') return `soft-delete subject ${step.subject} (the configuration does not name it)`;
  const what = step.referencedBy === undefined ? 'register' : `register reference (of ${step.referencedBy})`;
  const references = step.references === undefined ? '' : `, with references ${step.references.map((one) => `${one.name} -> ${one.subject} ${one.version === undefined ? '(registered above)' : `version ${one.version}`}`).join(', ')}`;
  return `${what} ${step.file} as ${step.newSubject ? `the first version of new subject ${step.subject}` : `a new version of ${step.subject}`}${references}`;
}

function subjectLine(subject: SubjectPlan): string {
  const ours = subject.ours === undefined ? '' : `ours ${subject.ours.compatible ? 'compatible' : 'INCOMPATIBLE'} under ${subject.ours.strategy}`;
  const theirs = subject.theirs === undefined ? '' : `, registry ${subject.theirs.compatible ? 'compatible' : 'incompatible'}`;
  const existing = subject.existing === undefined ? '' : `; already version ${subject.existing.version} (id ${subject.existing.id}${subject.existing.by === 'canonical form' ? ', by canonical form' : ''})`;
  const status = { unchanged: 'unchanged', changes: 'changes', incompatible: 'INCOMPATIBLE', error: 'ERROR' }[subject.status];
  return `${subject.subject} (${subject.file}): ${status}${ours === '' ? '' : `: ${ours}${theirs}`}${existing}${subject.error === undefined ? '' : `: ${subject.error}`}`;
}

/** The plan (and, after applying, what was done) as text lines, every name escaped. */
export function applyText(plan: ApplyPlan, outcome?: ApplyOutcome): string {
  const lines = [`Registry ${plan.registry}`, ...plan.subjects.map((subject) => untrusted(subjectLine(subject)))];
  for (const subject of plan.subjects.filter((one) => one.status === 'incompatible')) {
    for (const message of subject.ours?.messages ?? []) lines.push(`  ${untrusted(subject.subject)}: ${untrusted(message)}`);
  }
  const kept = plan.unnamed.filter((subject) => !plan.steps.some((step) => step.kind === 'soft-delete' && step.subject === subject));
  if (kept.length > 0) lines.push(`Not in the configuration, left as they are (--delete soft-deletes them): ${kept.map((subject) => untrusted(subject)).join(', ')}`);
  lines.push(plan.steps.length === 0 ? 'Plan: nothing to do' : `Plan: ${plan.steps.length} ${plan.steps.length === 1 ? 'change' : 'changes'}`);
  lines.push(...plan.steps.map((step, i) => `  ${i + 1}. ${untrusted(stepText(step))}`));
  if (plan.exitCode !== 0) lines.push(`Nothing will be written: ${plan.exitCode === 1 ? 'a subject is incompatible' : 'a subject could not be planned'}`);
  if (outcome !== undefined && plan.exitCode === 0) {
    for (const done of outcome.applied) lines.push(`${done.outcome === 'done' ? 'Done' : done.outcome === 'conflict' ? 'CONFLICT' : 'FAILED'}: ${untrusted(stepText(done.step))}: ${untrusted(done.detail)}`);
    if (outcome.nothingWritten && plan.steps.length > 0) lines.push('Nothing was written.');
    else if (outcome.exitCode === 0) lines.push(plan.steps.length === 0 ? 'Applied: nothing to do' : `Applied ${plan.steps.length} ${plan.steps.length === 1 ? 'change' : 'changes'}`);
  }
  return `${lines.join('\n')}\n`;
}

/** The plan as a pull-request comment: a table of subjects and the list of changes. */
export function applyMarkdown(plan: ApplyPlan): string {
  const rows = plan.subjects.map((subject) => `| ${cellText(subject.subject)} | ${cellText(subject.file)} | ${subject.status} | ${subject.ours === undefined ? '' : `${subject.ours.compatible ? 'compatible' : '**incompatible**'} (${subject.ours.strategy})`} | ${subject.theirs === undefined ? '' : subject.theirs.compatible ? 'compatible' : '**incompatible**'} |`);
  const steps = plan.steps.map((step, i) => `${i + 1}. ${escapeText(stepText(step))}`);
  return [
    `### schema-compat apply plan for ${escapeText(plan.registry)}`, '',
    '| subject | file | status | schema-compat | registry |', '|---|---|---|---|---|', ...rows, '',
    ...(plan.unnamed.length === 0 ? [] : [`Registry subjects the configuration does not name: ${plan.unnamed.map((subject) => cellText(subject)).join(', ')}.`, '']),
    ...(steps.length === 0 ? ['Nothing to do.'] : [`${steps.length} ${steps.length === 1 ? 'change' : 'changes'}:`, '', ...steps]),
    ...(plan.exitCode === 0 ? [] : ['', `**Nothing will be written**: ${plan.exitCode === 1 ? 'a subject is incompatible' : 'a subject could not be planned'}.`]),
    '',
  ].join('\n');
}

/** The plan and outcome as JSON (schema texts left out: they are the files). */
export function applyJson(plan: ApplyPlan, outcome?: ApplyOutcome): string {
  const step = (one: PlanStep): unknown => (one.kind === 'register' ? {
    kind: one.kind, subject: one.subject, file: one.file, schemaType: one.schemaType, newSubject: one.newSubject,
    ...(one.references === undefined ? {} : { references: one.references }), ...(one.referencedBy === undefined ? {} : { referencedBy: one.referencedBy }),
  } : one);
  const planJson = { ...plan, steps: plan.steps.map(step), subjects: plan.subjects.map((subject) => ({ ...subject, steps: subject.steps.map(step) })) };
  const applied = outcome?.applied.map((done) => ({ ...done, step: step(done.step) }));
  return `${JSON.stringify({ plan: planJson, ...(outcome === undefined ? {} : { applied, nothingWritten: outcome.nothingWritten, exitCode: outcome.exitCode }) }, null, 2)}\n`;
}
