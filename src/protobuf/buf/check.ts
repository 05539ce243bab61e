import type { Finding } from '../../result.js';
import type { ProtobufSchema } from '../model.js';
import type { BufCategory } from './rules.js';

export function checkBuf(_reader: ProtobufSchema, _writer: ProtobufSchema, _category: BufCategory): Finding[] {
  return [];
}
