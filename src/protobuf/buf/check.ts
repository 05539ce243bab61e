import type { Finding } from '../../result.js';
import type { ProtobufSchema } from '../model.js';
import { checkFieldPair } from './field-rules.js';
import { BufFindings, droppedReservations, numberReserved } from './findings.js';
import type { BufCategory } from './rules.js';
import { BUF_CATEGORY_RULES, BufRule as R } from './rules.js';
import type { BufEnum, BufMessage, BufView } from './view.js';
import { bufView } from './view.js';

/** Names sorted and quoted, as Buf lists enum value names (getSortedEnumValueNames, JoinSliceQuoted). */
function quotedSorted(names: readonly string[]): string {
  return [...names].sort().map((name) => `"${name}"`).join(', ');
}

function shortName(fullName: string): string {
  return fullName.split('.').pop() ?? fullName;
}

function checkMessagePair(findings: BufFindings, previous: BufMessage, current: BufMessage, views: { previous: BufView; current: BufView }): void {
  const { file, fullName } = current;
  const required = (message: BufMessage): number[] => [...message.fields.values()].filter((field) => field.cardinality === 'required').map((field) => field.number);
  const [requiredBefore, requiredAfter] = [required(previous), required(current)];
  const why = 'Required fields must always be sent, so if one side does not know about the required field, this will result in a breakage.';
  for (const number of requiredBefore.filter((n) => !requiredAfter.includes(n))) findings.add(R.MESSAGE_SAME_REQUIRED_FIELDS, file, fullName, `Message "${shortName(fullName)}" had required field "${number}" deleted. ${why}`);
  for (const number of requiredAfter.filter((n) => !requiredBefore.includes(n))) findings.add(R.MESSAGE_SAME_REQUIRED_FIELDS, file, `${fullName}/${number}`, `Message "${shortName(fullName)}" had required field "${number}" added. ${why}`);
  for (const sentence of droppedReservations(previous.reserved, current.reserved, 'message', shortName(fullName))) findings.add(R.RESERVED_MESSAGE_NO_DELETE, file, fullName, sentence);
  for (const field of previous.fields.values()) {
    const kept = current.fields.get(field.number);
    if (kept) {
      checkFieldPair(findings, { message: current, previous: field, current: kept, previousView: views.previous, currentView: views.current });
      continue;
    }
    const deleted = `Previously present field "${field.number}" with name "${field.name}" on message "${shortName(fullName)}" was deleted`;
    if (!numberReserved(field.number, current.reserved)) findings.add(R.FIELD_NO_DELETE_UNLESS_NUMBER_RESERVED, file, fullName, `${deleted} without reserving the number "${field.number}".`);
    if (!current.reserved.names.includes(field.name)) findings.add(R.FIELD_NO_DELETE_UNLESS_NAME_RESERVED, file, fullName, `${deleted} without reserving the name "${field.name}".`);
  }
  if (previous.jsonFormat === 'ALLOW' && current.jsonFormat !== 'ALLOW') findings.add(R.MESSAGE_SAME_JSON_FORMAT, file, fullName, `Message "${shortName(fullName)}" JSON format support changed from ALLOW to ${current.jsonFormat}.`);
}

function checkEnumPair(findings: BufFindings, previous: BufEnum, current: BufEnum): void {
  const { file, fullName } = current;
  const reserved = current.definition.reserved;
  for (const sentence of droppedReservations(previous.definition.reserved, reserved, 'enum', shortName(fullName))) findings.add(R.RESERVED_ENUM_NO_DELETE, file, fullName, sentence);
  for (const [number, names] of previous.byNumber) {
    const now = current.byNumber.get(number);
    if (now === undefined) {
      const deleted = `Previously present enum value "${number}" on enum "${shortName(fullName)}" was deleted`;
      if (!numberReserved(number, reserved)) findings.add(R.ENUM_VALUE_NO_DELETE_UNLESS_NUMBER_RESERVED, file, fullName, `${deleted} without reserving the number "${number}".`);
      if (!names.every((name) => reserved.names.includes(name))) findings.add(R.ENUM_VALUE_NO_DELETE_UNLESS_NAME_RESERVED, file, fullName, `${deleted} without reserving the name${names.length > 1 ? 's' : ''} ${quotedSorted(names)}.`);
    } else if (!names.every((name) => now.includes(name))) {
      // Every previous name must survive; a new alias is fine (Buf's ElementsContained).
      // One finding per current value of that number, as Buf attaches one to each.
      // Buf's sentence: the names sorted and quoted, "names" when both sides have several.
      const sentence = `Enum value "${number}" on enum "${shortName(fullName)}" changed name${names.length > 1 && now.length > 1 ? 's' : ''} from ${quotedSorted(names)} to ${quotedSorted(now)}.`;
      for (const _name of now) findings.add(R.ENUM_VALUE_SAME_NAME, file, `${fullName}/${number}`, sentence);
    }
  }
  if (previous.jsonFormat === 'ALLOW' && current.jsonFormat !== 'ALLOW') findings.add(R.ENUM_SAME_JSON_FORMAT, file, fullName, `Enum "${shortName(fullName)}" JSON format support changed from ALLOW to ${current.jsonFormat}.`);
}

function checkServices(findings: BufFindings, previous: BufView, current: BufView): void {
  const fileOf = new Map(current.files.flatMap((file) => file.services.map((service) => [service.fullName, file] as const)));
  for (const [fullName, before] of previous.services) {
    const after = current.services.get(fullName);
    const file = fileOf.get(fullName);
    if (!after || !file) continue;
    for (const method of before.methods) {
      const now = after.methods.find((item) => item.name === method.name);
      if (!now) continue;
      const at = `${fullName}/${method.name}`;
      const rpc = `RPC "${method.name}" on service "${after.name}"`;
      const streaming = (flag: boolean): string => (flag ? 'streaming' : 'unary');
      if (method.clientStreaming !== now.clientStreaming) findings.add(R.RPC_SAME_CLIENT_STREAMING, file, at, `${rpc} changed from client ${streaming(method.clientStreaming)} to client ${streaming(now.clientStreaming)}.`);
      if (method.serverStreaming !== now.serverStreaming) findings.add(R.RPC_SAME_SERVER_STREAMING, file, at, `${rpc} changed from server ${streaming(method.serverStreaming)} to server ${streaming(now.serverStreaming)}.`);
      if (method.requestType !== now.requestType) findings.add(R.RPC_SAME_REQUEST_TYPE, file, at, `${rpc} changed request type from "${method.requestType}" to "${now.requestType}".`);
      if (method.responseType !== now.responseType) findings.add(R.RPC_SAME_RESPONSE_TYPE, file, at, `${rpc} changed response type from "${method.responseType}" to "${now.responseType}".`);
      const level = (options: Readonly<Record<string, unknown>>): string => String(options['idempotency_level'] ?? 'IDEMPOTENCY_UNKNOWN');
      if (level(method.options) !== level(now.options)) findings.add(R.RPC_SAME_IDEMPOTENCY_LEVEL, file, at, `${rpc} changed option "idempotency_level" from "${level(method.options)}" to "${level(now.options)}".`);
    }
  }
}

/**
 * Buf's WIRE or WIRE_JSON category from `writer` ("previous") to `reader` ("current"): files
 * matched by name, messages, enums and services by full name, fields by number. The schema's
 * own files are compared, references included; Google's well-known types are not.
 */
export function checkBuf(reader: ProtobufSchema, writer: ProtobufSchema, category: BufCategory): Finding[] {
  const findings = new BufFindings(BUF_CATEGORY_RULES[category], reader);
  const views = { previous: bufView(writer), current: bufView(reader) };
  const fileNamed = (view: BufView, file: typeof reader.file, main: typeof reader.file): typeof reader.file | undefined =>
    (file === main ? views.current.files[0] : view.files.find((other) => other.name === file.name));
  for (const before of views.previous.files) {
    const after = fileNamed(views.current, before, writer.file);
    if (after && before.packageName !== after.packageName) findings.add(R.FILE_SAME_PACKAGE, after, '', `File package changed from "${before.packageName}" to "${after.packageName}".`);
  }
  for (const [fullName, before] of views.previous.messages) {
    const after = views.current.messages.get(fullName);
    if (after) checkMessagePair(findings, before, after, views);
  }
  for (const [fullName, before] of views.previous.enums) {
    const after = views.current.enums.get(fullName);
    if (after) checkEnumPair(findings, before, after);
  }
  for (const [key, before] of views.previous.extensions) {
    const after = views.current.extensions.get(key);
    if (after) checkFieldPair(findings, { message: after.message, previous: before.field, current: after.field, previousView: views.previous, currentView: views.current });
  }
  checkServices(findings, views.previous, views.current);
  return findings.list;
}
