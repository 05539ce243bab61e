import type { Strategy } from 'schema-compat';
import type { RegistryClient } from 'schema-compat/registry';
import type { RegistryAuth } from 'schema-compat/registry';
import type { CheckRepositoryOptions } from '../check.js';

/** Where `planApply` and `applyPlan` read and write. */
export interface ApplyOptions {
  /** The registry API root (Apicurio's with `/apis/ccompat/v7`). */
  readonly url: string;
  /** The client writes go through; default `createRegistryClient({ url, auth })`. */
  readonly client?: RegistryClient;
  readonly auth?: RegistryAuth;
  /** How the repository check runs (checkers, concurrency...); its `against` is the registry. */
  readonly check?: Omit<CheckRepositoryOptions, 'overrides'> & { readonly overrides?: CheckRepositoryOptions['overrides'] };
  /**
   * Soft-delete (Confluent's `DELETE /subjects/{s}`, never `permanent`) the registry's live subjects
   * the configuration does not name. Default false: they are listed in the plan, never deleted.
   */
  readonly deleteUnnamed?: boolean;
}

/**
 * A reference of a version to register, as Confluent stores it (`{ name, subject, version }`), with
 * the repository file it is. No `version`: the one an earlier step of the same plan registers.
 */
export interface PlannedReference {
  readonly name: string;
  readonly subject: string;
  readonly file: string;
  readonly version?: number;
}

/** One write of a plan, in the order it is made. */
export type PlanStep =
  | { readonly kind: 'set-level'; readonly subject: string; readonly from?: Strategy; readonly to: Strategy }
  | {
    readonly kind: 'register'; readonly subject: string; readonly file: string; readonly schemaType: string; readonly schema: string; readonly newSubject: boolean;
    /** The references it is registered with (absent: none). */
    readonly references?: readonly PlannedReference[];
    /** Set on a reference's registration: the configured subject that needs it first. */
    readonly referencedBy?: string;
  }
  | { readonly kind: 'soft-delete'; readonly subject: string };

/** What the plan says of one subject of the configuration. */
export interface SubjectPlan {
  readonly subject: string;
  readonly file: string;
  /** unchanged: nothing to write; changes: steps to make; incompatible: blocks the whole apply; error: cannot be planned. */
  readonly status: 'unchanged' | 'changes' | 'incompatible' | 'error';
  /** The subject's level in the registry now (its own, else the global one), and the one the configuration names. */
  readonly level?: { readonly current?: Strategy; readonly wanted?: Strategy };
  /** The version the file already is: by the registry's lookup, or by its type's canonical form. */
  readonly existing?: { readonly version: number; readonly id: number; readonly by: 'lookup' | 'canonical form' };
  /** The newest version the plan saw (undefined: a new subject); a different one at apply time is a concurrent writer. */
  readonly latestVersion?: number;
  /** Our check, at the level the subject will have. */
  readonly ours?: { readonly compatible: boolean; readonly strategy: Strategy; readonly findings: number; readonly messages: readonly string[] };
  /** The registry's own answer (with its current level), beside ours. */
  readonly theirs?: { readonly compatible: boolean; readonly messages: readonly string[] };
  readonly steps: readonly PlanStep[];
  readonly error?: string;
}

/** What `apply` would do: every subject's plan and whether it may go ahead. */
export interface ApplyPlan {
  /** The registry, without credentials. */
  readonly registry: string;
  readonly subjects: readonly SubjectPlan[];
  /** The registry's live subjects the configuration does not name (soft-deleted only with `deleteUnnamed`). */
  readonly unnamed: readonly string[];
  /** Every write, in order (subject by subject: the references it needs not yet registered, dependencies first; its level; its version). */
  readonly steps: readonly PlanStep[];
  /** 0: may be applied (or nothing to do); 1: a subject is incompatible; 2: a subject cannot be planned. Nothing is written unless 0. */
  readonly exitCode: 0 | 1 | 2;
}

/** What one write did. */
export interface AppliedStep {
  readonly step: PlanStep;
  readonly outcome: 'done' | 'conflict' | 'failed';
  /** `id 7, version 3` or why it was not done. */
  readonly detail: string;
}

/** What `applyPlan` did. */
export interface ApplyOutcome {
  readonly plan: ApplyPlan;
  /** True when the plan was blocked (exit code 1 or 2) or a concurrent writer was found before any write: nothing written. */
  readonly nothingWritten: boolean;
  readonly applied: readonly AppliedStep[];
  /** 0: done; 1: incompatible or a conflict (a concurrent writer); 2: bad input or a failed write. */
  readonly exitCode: 0 | 1 | 2;
}
