import { RegistryClientError } from 'schema-compat/registry';
import type { RegistryClient, SchemaReference } from 'schema-compat/registry';
import type { NamedReference, ReferenceGraph } from '../reference-graph.js';
import type { PlanStep, PlannedReference } from './types.js';

/** Confluent's lookup answers (`rest/exceptions/Errors.java`): no such subject, no such schema in it. */
const SUBJECT_NOT_FOUND = 40401;
const SCHEMA_NOT_FOUND = 40403;

/** What one plan knows of the reference files: the subject each goes to and its version (none yet: registered by the plan). */
export interface ReferencePlanner {
  readonly subjectOfFile: ReadonlyMap<string, string>;
  readonly known: Map<string, { readonly subject: string; readonly version?: number }>;
}

/**
 * The subject a reference file is registered under: the configuration's subject when a rule makes
 * the file a subject; else, for Protobuf, the import path (the reference's name: what Confluent's
 * serializers register an import under, `DefaultReferenceSubjectNameStrategy`); else (Avro, JSON
 * Schema, whose names depend on the type or the referring file) its path from the configuration's folder.
 */
export function referenceSubject(planner: ReferencePlanner, reference: NamedReference, schemaType: string): string {
  return planner.subjectOfFile.get(reference.file) ?? planner.known.get(reference.file)?.subject ?? (schemaType === 'PROTOBUF' ? reference.name : reference.file);
}

/** The references as the plan knows them (a version missing: registered by an earlier step). */
export function plannedReferences(planner: ReferencePlanner, list: readonly NamedReference[], schemaType: string): PlannedReference[] {
  return list.map((reference) => {
    const version = planner.known.get(reference.file)?.version;
    return { name: reference.name, subject: referenceSubject(planner, reference, schemaType), file: reference.file, ...(version === undefined ? {} : { version }) };
  });
}

/** As a registry takes them, when every version is known. */
export function registryReferences(list: readonly PlannedReference[]): SchemaReference[] | undefined {
  if (list.some((reference) => reference.version === undefined)) return undefined;
  return list.map((reference) => ({ name: reference.name, subject: reference.subject, version: reference.version as number }));
}

/**
 * The registrations a subject's references need, dependencies first: a file the registry's lookup
 * finds under its subject (with the same references) is reused at that version, never registered
 * again; a file an earlier subject of the plan registers is not planned twice.
 */
export async function planReferences(graph: ReferenceGraph, schemaType: string, referencedBy: string, planner: ReferencePlanner, client: RegistryClient): Promise<PlanStep[]> {
  const steps: PlanStep[] = [];
  const nameOf = new Map<string, string>();
  for (const reference of [...graph.direct, ...graph.files.flatMap((file) => file.references)]) if (!nameOf.has(reference.file)) nameOf.set(reference.file, reference.name);
  for (const file of graph.files) {
    if (planner.known.has(file.file)) continue;
    const subject = referenceSubject(planner, { name: nameOf.get(file.file) ?? file.file, file: file.file }, schemaType);
    const references = plannedReferences(planner, file.references, schemaType);
    const ready = registryReferences(references);
    let newSubject = ready === undefined ? !(await subjectExists(client, subject)) : false;
    if (ready !== undefined) {
      try {
        const found = await client.lookup(subject, { schemaType, schema: file.text, ...(ready.length === 0 ? {} : { references: ready }) });
        planner.known.set(file.file, { subject, version: found.version });
        continue;
      } catch (error: unknown) {
        if (!(error instanceof RegistryClientError) || (error.errorCode !== SUBJECT_NOT_FOUND && error.errorCode !== SCHEMA_NOT_FOUND)) throw error;
        newSubject = error.errorCode === SUBJECT_NOT_FOUND;
      }
    }
    planner.known.set(file.file, { subject });
    steps.push({ kind: 'register', subject, file: file.file, schemaType, schema: file.text, newSubject, ...(references.length === 0 ? {} : { references }), referencedBy });
  }
  return steps;
}

async function subjectExists(client: RegistryClient, subject: string): Promise<boolean> {
  try {
    return (await client.listVersions(subject)).length > 0;
  } catch (error: unknown) {
    if (error instanceof RegistryClientError && error.errorCode === SUBJECT_NOT_FOUND) return false;
    throw error;
  }
}
