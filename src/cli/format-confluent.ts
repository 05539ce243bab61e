import { toConfluentMessages } from '../registry/index.js';
import type { CheckReport } from './report.js';
import { versionOf } from './report.js';
import { quietJson } from './untrusted-text.js';

/**
 * The answer of Confluent's REST API `POST /compatibility/subjects/{s}/versions?verbose=true`:
 * `{"is_compatible": bool, "messages": [...]}` (reference/confluent.md §1.3), with the message list
 * the registry would give (only the newest failing version, as Confluent stops there).
 */
export function formatConfluent(report: CheckReport): string {
  const messages = toConfluentMessages(report.result, {
    schemaType: report.candidate.schemaType,
    oldSchema: (version) => storedText(versionOf(report, version)),
  });
  return `${quietJson(JSON.stringify({ is_compatible: report.result.compatible, messages }, null, 2))}\n`;
}

/** The old schema as the registry keeps it: JSON without its layout (Confluent stores the canonical string), .proto text as written. */
function storedText(file: { readonly schemaType: string; readonly text: string } | undefined): string | undefined {
  if (file === undefined || file.schemaType === 'PROTOBUF') return file?.text;
  try {
    return JSON.stringify(JSON.parse(file.text));
  } catch {
    return file.text;
  }
}
