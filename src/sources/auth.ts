import { SourceError, SourceErrorCode } from './errors.js';
import type { RegistryAuth } from './types.js';

/**
 * Registry credentials from an explicit value or the environment, in that order: `value` is
 * `user:password` (HTTP basic) or `Bearer TOKEN`; then `SCHEMA_REGISTRY_BEARER_TOKEN`, then
 * `SCHEMA_REGISTRY_BASIC_AUTH_USER_INFO` (`user:password`, the variable Confluent's clients read).
 */
export function registryAuthFrom(value: string | undefined, env: Readonly<Record<string, string | undefined>>): RegistryAuth | undefined {
  if (value !== undefined) return parseAuth(value, 'the registry credentials');
  const token = env['SCHEMA_REGISTRY_BEARER_TOKEN'];
  if (token !== undefined && token !== '') return { bearer: token };
  const userInfo = env['SCHEMA_REGISTRY_BASIC_AUTH_USER_INFO'];
  if (userInfo !== undefined && userInfo !== '') return parseAuth(userInfo, 'SCHEMA_REGISTRY_BASIC_AUTH_USER_INFO');
  return undefined;
}

function parseAuth(value: string, name: string): RegistryAuth {
  const bearer = /^bearer\s+(\S.*)$/i.exec(value);
  if (bearer !== null) return { bearer: (bearer[1] as string).trim() };
  const colon = value.indexOf(':');
  // Never echo the value: it is a secret.
  if (colon <= 0) throw new SourceError(SourceErrorCode.BAD_SOURCE, name, 'credentials are user:password or "Bearer TOKEN"');
  return { basic: { user: value.slice(0, colon), password: value.slice(colon + 1) } };
}
