export { planApply } from './plan.js';
export { applyPlan } from './execute.js';
export type { ApplyOptions, ApplyPlan, ApplyOutcome, AppliedStep, PlanStep, PlannedReference, SubjectPlan } from './types.js';
