/**
 * Query parameters whose values are secrets: OAuth 2.0's `access_token` (RFC 6750 §2.3), API keys,
 * passwords and signatures as services commonly name them.
 */
const SECRET_PARAMETERS = [
  'access_token', 'token', 'id_token', 'refresh_token', 'api_key', 'apikey', 'api-key', 'key', 'password', 'passwd', 'pwd',
  'secret', 'client_secret', 'signature', 'sig', 'auth', 'authorization', 'credential', 'credentials',
];

const SECRET_QUERY = new RegExp(`([?&;](?:${SECRET_PARAMETERS.map((name) => name.replace(/[-_]/g, '[-_]')).join('|')})=)[^&#;\\s"']*`, 'gi');

/** A kind and a scheme at the start of a source text: `registry:`, `registry:http://`, `ftp://`. */
const PREFIX = /^(?:[A-Za-z][\w+.-]*:(?!\/\/))?(?:[A-Za-z][\w+.-]*:\/\/)?/;

/**
 * A source or URL text, valid or not, with what may be a credential replaced by `***`: everything
 * between the scheme and the last `@` (the user information of RFC 3986 §3.2.1, even when the URL
 * around it does not parse) and the values of known secret query parameters.
 */
export function redactUrlText(text: string): string {
  return redactQuerySecrets(redactUserInfo(text));
}

/** Values of known secret query parameters (`?access_token=...`) replaced by `***`. */
export function redactQuerySecrets(text: string): string {
  return text.replace(SECRET_QUERY, '$1***');
}

function redactUserInfo(text: string): string {
  const at = text.lastIndexOf('@');
  if (at < 0) return text;
  const prefix = (PREFIX.exec(text) as RegExpExecArray)[0];
  return at < prefix.length ? text : `${prefix}***${text.slice(at)}`;
}

/** `text` with every occurrence of each secret replaced by `***`, the longest first. */
export function redactSecrets(text: string, secrets: readonly string[]): string {
  let redacted = text;
  for (const secret of [...secrets].sort((a, b) => b.length - a.length)) {
    if (secret !== '') redacted = redacted.split(secret).join('***');
  }
  return redacted;
}
