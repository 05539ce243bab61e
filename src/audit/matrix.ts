import { describeFinding } from '../check.js';
import type { CheckerRegistry } from '../checkers/registry.js';
import type { PairChecker, Roles, SchemaChecker } from '../checkers/types.js';
import type { Finding, PairResult } from '../result.js';
import { CoreFindingType } from '../result.js';
import type { ParsedSchema } from '../schema.js';
import type { AuditCell, AuditFinding } from './types.js';

/** The matrix of a history: `reads[i][j]` and the cells with findings. */
export interface ReadMatrix {
  readonly reads: boolean[][];
  readonly findings: AuditCell[];
}

/** One checker per schema type of the history, each with one session shared by all its pairs. */
interface TypeCheckers {
  readonly checker: SchemaChecker<unknown>;
  readonly pairs: PairChecker<unknown>;
}

/**
 * Checks every ordered pair of versions with `canRead` (N² pairs, the diagonal included), through one
 * session per schema type so that what pairs share is walked once (Avro: sub-schema pairs by
 * fingerprint). Versions of different schema types never read each other (Confluent PR #1808).
 */
export function readMatrix(registry: CheckerRegistry, versions: readonly ParsedSchema[], explain: boolean): ReadMatrix {
  const byType = new Map<string, TypeCheckers>();
  const checkersOf = (schemaType: string): TypeCheckers => {
    let found = byType.get(schemaType);
    if (found === undefined) {
      const checker = registry.get(schemaType);
      found = { checker, pairs: checker.openSession ? checker.openSession() : checker };
      byType.set(schemaType, found);
    }
    return found;
  };
  const reads: boolean[][] = [];
  const findings: AuditCell[] = [];
  versions.forEach((reader, i) => {
    const row: boolean[] = [];
    versions.forEach((writer, j) => {
      const roles: Roles = i >= j ? { reader: 'new', writer: 'old' } : { reader: 'old', writer: 'new' };
      const cell = reader.schemaType === writer.schemaType
        ? checkPair(checkersOf(reader.schemaType), reader, writer, roles, explain)
        : { incompatibilities: [typeChanged(reader, writer)], warnings: [] };
      row.push(cell.incompatibilities.length === 0);
      if (cell.incompatibilities.length > 0 || cell.warnings.length > 0) findings.push({ reader: i, writer: j, ...cell });
    });
    reads.push(row);
  });
  return { reads, findings };
}

function checkPair(checkers: TypeCheckers, reader: ParsedSchema, writer: ParsedSchema, roles: Roles, explain: boolean): Pick<AuditCell, 'incompatibilities' | 'warnings'> {
  const result: PairResult = checkers.pairs.canRead(reader.schema, writer.schema);
  if (result.incompatibilities.length === 0 && result.warnings.length === 0) return { incompatibilities: [], warnings: [] };
  const { checker } = checkers;
  const explainer = explain && checker.explainPair ? checker.explainPair(reader.schema, writer.schema, roles) : undefined;
  const place = (finding: Finding): AuditFinding => {
    const placed = { type: finding.type, location: finding.location, message: finding.message, description: describeFinding(checker, finding, roles) };
    return explainer === undefined ? placed : { ...placed, ...explainer(finding) };
  };
  return { incompatibilities: result.incompatibilities.map(place), warnings: result.warnings.map(place) };
}

/** A version of another schema type reads nothing of it: Confluent's "different schema type". */
function typeChanged(reader: ParsedSchema, writer: ParsedSchema): AuditFinding {
  return {
    type: CoreFindingType.SCHEMA_TYPE_CHANGED, location: '/',
    message: 'Incompatible because of different schema type',
    description: `A ${reader.schemaType} schema cannot read data written with a ${writer.schemaType} schema`,
  };
}
