// The formats the validator asserts, on the values issue 15 names (the suite's optional/format files run in test-suite.test.ts).
import { describe, expect, it } from 'vitest';
import { JsonSchemaChecker, validateInstance } from 'schema-compat';

function verdict(format: string, value: string): string {
  const document = new JsonSchemaChecker().parse({ type: 'string', format });
  return document.kind === 'json-schema' ? validateInstance(document.root, value) : 'not JSON Schema';
}

describe('asserted formats follow their RFCs', () => {
  it.each([
    ['time', '23:59:60Z', 'valid'], ['time', '22:59:60Z', 'invalid'], ['time', '01:29:60+01:30', 'valid'], ['time', '12:00:00', 'invalid'],
    ['date-time', '1990-12-31T10:00:00+10:60', 'invalid'], ['date-time', '1963-06-19t08:30:06z', 'valid'], ['date-time', '1998-12-31T15:59:60.123-08:00', 'valid'],
    ['email', '.test@example.com', 'invalid'], ['email', 'te..st@example.com', 'invalid'], ['email', '"joe@bloggs"@example.com', 'valid'],
    ['email', 'joe.bloggs@[IPv6:::1]', 'valid'], ['email', 'joe.bloggs@[127.0.0.300]', 'invalid'], ['email', 'a@invalid=domain.com', 'invalid'],
    ['uri', 'https://example.org/foobar\\.txt', 'invalid'], ['uri', 'http://example.com/%6G', 'invalid'], ['uri', 'http://example.com:abc/path', 'invalid'],
    ['uri', 'http://[::ffff:01.2.3.4]', 'invalid'], ['uri', 'ldap://[2001:db8::7]/c=GB?objectClass?one', 'valid'], ['uri', 'urn:oasis:names:specification:docbook:dtd:xml:4.1.2', 'valid'],
    ['uuid', 'urn:uuid:2eb8aa08-aa98-11ea-b4aa-73b441d16380', 'invalid'], ['ipv6', '1.2.3.4::', 'invalid'], ['ipv6', '::1.2.3.4', 'valid'],
    ['constructor', 'anything', 'valid'],
  ])('%s %j is %s', (format, value, expected) => {
    expect(verdict(format, value)).toBe(expected);
  });
});
