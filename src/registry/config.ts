import { parseStrategy } from 'schema-compat';
import type { RegistryCore } from './core.js';
import { checkSubject } from './core.js';
import { RegistryError, RegistryErrorCode, invalidCompatibilityLevel, notFound } from './errors.js';
import type { RegistryConfig } from './types.js';

/** A config update: a level by any name `parseStrategy` accepts, and the other settings. */
export interface ConfigUpdate {
  readonly compatibility?: string;
  readonly compatibilityGroup?: string;
  readonly normalize?: boolean;
}

/** Reads an update; an unknown level is `INVALID_COMPATIBILITY_LEVEL` (42203). */
export function readConfigUpdate(update: ConfigUpdate): RegistryConfig {
  if (typeof update !== 'object' || update === null) throw invalidCompatibilityLevel();
  const { compatibility, compatibilityGroup, normalize } = update;
  let level: RegistryConfig['compatibility'];
  if (compatibility !== undefined) {
    try {
      level = parseStrategy(compatibility);
    } catch {
      throw invalidCompatibilityLevel();
    }
  }
  if (compatibilityGroup !== undefined && typeof compatibilityGroup !== 'string') {
    throw new RegistryError(RegistryErrorCode.INVALID_COMPATIBILITY_LEVEL, 'compatibilityGroup must be a string');
  }
  if (normalize !== undefined && typeof normalize !== 'boolean') {
    throw new RegistryError(RegistryErrorCode.INVALID_COMPATIBILITY_LEVEL, 'normalize must be a boolean');
  }
  return {
    ...(level === undefined ? {} : { compatibility: level }),
    ...(compatibilityGroup === undefined ? {} : { compatibilityGroup }),
    ...(normalize === undefined ? {} : { normalize }),
  };
}

/** Sets a subject's config (or the global one for `null`), merged over what was set; returns the stored config. */
export async function setConfig(core: RegistryCore, subject: string | null, update: ConfigUpdate): Promise<RegistryConfig> {
  const change = readConfigUpdate(update);
  const key = subject === null ? null : checkSubject(subject);
  const merged = { ...(await core.storage.getConfig(key)), ...change };
  await core.storage.setConfig(key, merged);
  return merged;
}

/**
 * A subject's config; without one, the global config when `defaultToGlobal`, else
 * `SUBJECT_CONFIG_NOT_FOUND` (40408). The global config always has a level (the mode's default for AVRO).
 */
export async function getConfig(core: RegistryCore, subject: string | null, defaultToGlobal: boolean): Promise<RegistryConfig> {
  if (subject !== null) {
    const own = await core.storage.getConfig(checkSubject(subject));
    if (own !== undefined) return own;
    if (!defaultToGlobal) throw notFound.subjectConfig(subject);
  }
  const global = await core.storage.getConfig(null);
  return { compatibility: core.defaultLevel('AVRO'), ...global };
}

/** Removes a subject's config (or the global one); returns what it was. */
export async function deleteConfig(core: RegistryCore, subject: string | null): Promise<RegistryConfig> {
  const previous = await getConfig(core, subject, false);
  await core.storage.setConfig(subject, undefined);
  return previous;
}
