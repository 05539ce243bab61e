import type { ReflectionObject, Root } from 'protobufjs';
import { protobufjs } from './protobufjs-runtime.js';

/** protobufjs' hook on a `Root`, called for every object added under it (private, not in its typings). */
interface AddHook {
  _handleAdd(object: ReflectionObject): void;
}

/**
 * A protobufjs `Root` to parse one file into, which leaves extension fields where they are
 * declared. protobufjs' own root looks every extension's extendee up (`Namespace.lookup`, whose
 * cache every add clears, so each lookup searches the whole file) and, failing, retries every
 * pending extension after every message added later: 400 extensions of an undefined message and
 * 400 messages took 17 s. Our model takes extensions where they are declared (build-model.ts) and
 * never read the copies protobufjs adds to the extended message, and the checks those copies made
 * are ours (extension-checks.ts). Only this root's hook is replaced, nothing of protobufjs itself.
 */
export function parseRoot(): Root {
  const root = new protobufjs.Root();
  const hook = root as unknown as AddHook;
  const handleAdd = hook._handleAdd;
  if (typeof handleAdd !== 'function') return root;
  hook._handleAdd = function handleAddExceptExtensions(this: Root, object: ReflectionObject): void {
    if (object instanceof protobufjs.Field && object.extend !== undefined) return;
    handleAdd.call(this, object);
  };
  return root;
}
