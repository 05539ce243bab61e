import { CheckTooDeepError } from '../../errors.js';
import type { PairResult } from '../../result.js';
import type { AvroSchema } from '../model.js';
import type { WalkOptions } from './walk.js';
import { SessionMemo, ResolutionWalk } from './walk.js';

/**
 * Can `reader` read all data written with `writer`? Apache Avro Java 1.12's
 * `SchemaCompatibility.checkReaderWriterCompatibility` verdict and list. `memo` carries results
 * between the pairs of one history check.
 */
export function canReadAvro(reader: AvroSchema, writer: AvroSchema, options: WalkOptions, memo: SessionMemo = new SessionMemo()): PairResult {
  try {
    const incompatibilities = new ResolutionWalk(options, memo).run(reader.root, writer.root);
    return { compatible: incompatibilities.length === 0, incompatibilities, warnings: [] };
  } catch (error) {
    if (error instanceof RangeError) {
      throw new CheckTooDeepError('the reader and writer schemas nest too deeply for the resolution walk (mutually recursive types with very long cycles)');
    }
    throw error;
  }
}
