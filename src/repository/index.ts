// schema-compat/repository: a repository of schemas in one run (Node.js). The configuration file
// (.schema-compat.yaml), subjects from globs, references resolved across the repository, approved
// findings, and the check of every subject against its own history.

export { findConfig, loadConfig, CONFIG_FILE_NAMES, CONFIG_SCHEMA } from './config/load.js';
export type { RepositoryConfig, SubjectRule, SubjectSettings, IgnoreEntry, FailOnLevel, FindingsScope } from './config/types.js';
export { listSubjects, fill as fillSubjectTemplate } from './subjects.js';
export type { Subject, SettingsOverrides, ListSubjectsOptions } from './subjects.js';
export { checkRepository, DEFAULT_CONCURRENCY, MAX_CONCURRENCY } from './check.js';
export { fileInRepository } from './file-in-repository.js';
export type { FileInRepository } from './file-in-repository.js';
export type { CheckRepositoryOptions, RepositoryReport, SubjectOutcome, SubjectCheck, ApprovedFinding, SkippedSubject } from './check.js';
export type { FingerprintedFinding } from './ignores.js';
export { baselineEntries, writeBaseline, BASELINE_REASON } from './baseline.js';
export type { BaselineEntry } from './baseline.js';
export { indexReferences, resolveReferences } from './references.js';
export type { ReferenceIndex, ResolvedReferences, ReadFile } from './references.js';
export { ConfigError, RepositoryError } from './errors.js';
export type { ConfigProblem } from './errors.js';
export { subjectCauses, mergeCauses } from './causes.js';
export type { FindingCause, CauseSubject, FindingKind } from './causes.js';
export { originFinder } from './finding-origin.js';
export type { FindingOrigin, OriginFinder, SourceFile } from './finding-origin.js';
export { protoDefinitions } from './proto-definitions.js';
export type { ProtoDefinition, ProtoDefinitions } from './proto-definitions.js';
export { planApply, applyPlan } from './apply/index.js';
export type { ApplyOptions, ApplyPlan, ApplyOutcome, AppliedStep, PlanStep, PlannedReference, SubjectPlan } from './apply/index.js';
export type { NamedReference, ReferenceFile, ReferenceGraph } from './reference-graph.js';
export { pullRegistry } from './pull.js';
export type { PullOptions, PulledFile, PulledRegistry } from './pull.js';
