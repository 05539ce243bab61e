import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { InvalidOptionError, SchemaParseError } from 'schema-compat';
import type { ProtoMessage } from 'schema-compat/protobuf';
import { ProtobufChecker, ProtobufReferenceCache } from 'schema-compat/protobuf';
// @ts-expect-error: a plain ES module script without types (it writes the generated module).
import { MODULE_PATH, moduleText } from './generate-well-known.mjs';

const checker = new ProtobufChecker();
const proto3 = (body: string, header = ''): string => `syntax = "proto3";\n${header}${body}\n`;

describe("Google's well-known types are built in (protoc's set, Protocol Buffers v33.3)", () => {
  it('the bundled module is the vendored .proto files without comments (node test/protobuf/generate-well-known.mjs)', () => {
    expect(readFileSync(MODULE_PATH, 'utf8')).toBe(moduleText());
  });

  it('descriptor.proto has its types: the minimal case of issue 15 resolves to the nested enum', () => {
    const schema = checker.parse('syntax = "proto3";\nimport "google/protobuf/descriptor.proto";\nmessage M { google.protobuf.FieldDescriptorProto.Type t = 1; google.protobuf.FileDescriptorSet s = 2; }');
    const message = schema.file.definitions[0] as ProtoMessage;
    expect(message.fields.map((field) => field.type)).toEqual([
      { kind: 'enum', fullName: 'google.protobuf.FieldDescriptorProto.Type', written: 'google.protobuf.FieldDescriptorProto.Type' },
      { kind: 'message', fullName: 'google.protobuf.FileDescriptorSet', written: 'google.protobuf.FileDescriptorSet' },
    ]);
  });

  // One type of each file protoc ships (the *_features files extend FeatureSet; plugin.proto imports descriptor.proto).
  const uses: readonly (readonly [string, string])[] = [
    ['google/protobuf/any.proto', 'google.protobuf.Any'],
    ['google/protobuf/api.proto', 'google.protobuf.Api'],
    ['google/protobuf/compiler/plugin.proto', 'google.protobuf.compiler.CodeGeneratorRequest'],
    ['google/protobuf/cpp_features.proto', 'pb.CppFeatures'],
    ['google/protobuf/descriptor.proto', 'google.protobuf.FeatureSet'],
    ['google/protobuf/duration.proto', 'google.protobuf.Duration'],
    ['google/protobuf/empty.proto', 'google.protobuf.Empty'],
    ['google/protobuf/field_mask.proto', 'google.protobuf.FieldMask'],
    ['google/protobuf/go_features.proto', 'pb.GoFeatures'],
    ['google/protobuf/java_features.proto', 'pb.JavaFeatures'],
    ['google/protobuf/source_context.proto', 'google.protobuf.SourceContext'],
    ['google/protobuf/struct.proto', 'google.protobuf.Struct'],
    ['google/protobuf/timestamp.proto', 'google.protobuf.Timestamp'],
    ['google/protobuf/type.proto', 'google.protobuf.Type'],
    ['google/protobuf/wrappers.proto', 'google.protobuf.StringValue'],
  ];
  for (const [file, type] of uses) {
    it(`${file}: ${type} resolves`, () => {
      const schema = checker.parse(proto3(`message M { ${type} x = 1; }`, `import "${file}";\n`));
      expect((schema.file.definitions[0] as ProtoMessage).fields[0]?.type).toMatchObject({ kind: 'message', fullName: type });
      expect(schema.dependencies.map((dependency) => dependency.name)).toContain(file);
    });
  }

  it('a file importing a file that extends the descriptor options parses, and so does a check across them', () => {
    const references = {
      'validate/validate.proto': 'syntax = "proto2";\npackage validate;\nimport "google/protobuf/descriptor.proto";\nextend google.protobuf.FieldOptions { optional FieldRules rules = 1071; }\nmessage FieldRules { optional bool required = 1; }',
    };
    const text = (type: string): string => proto3(`message M { ${type} id = 1 [(validate.rules).required = true]; }`, 'import "validate/validate.proto";\n');
    const [before, after] = [checker.parse(text('string'), { references }), checker.parse(text('bytes'), { references })];
    const validate = before.dependencies.find((file) => file.name === 'validate/validate.proto');
    expect(validate?.extensions.map((extension) => [extension.fullName, extension.extendee])).toEqual([['validate.rules', 'google.protobuf.FieldOptions']]);
    expect(checker.canRead(after, before).compatible).toBe(true);
  });

  it("the checker's own cache of well-known types is no part of its state as JSON shows it (the server rebuilds checkers for its workers from that)", () => {
    const fresh = new ProtobufChecker({ rules: 'buf-wire' });
    const used = new ProtobufChecker({ rules: 'buf-wire' });
    used.parse(proto3('message M { google.protobuf.Timestamp at = 1; }', 'import "google/protobuf/timestamp.proto";\n'));
    expect(JSON.stringify(used)).toBe(JSON.stringify(fresh));
    expect(JSON.stringify(new ProtobufReferenceCache())).toBe('{}');
  });

  it('api.proto brings type.proto and source_context.proto along; a reference of the same name replaces a built-in file', () => {
    const schema = checker.parse(proto3('message M { google.protobuf.Api api = 1; google.protobuf.Syntax syntax = 2; }', 'import "google/protobuf/api.proto";\n'));
    expect(schema.dependencies.map((file) => file.name).sort()).toEqual(['google/protobuf/any.proto', 'google/protobuf/api.proto', 'google/protobuf/source_context.proto', 'google/protobuf/type.proto']);
    const own = checker.parse(proto3('message M { google.protobuf.Mine m = 1; }', 'import "google/protobuf/any.proto";\n'), {
      references: { 'google/protobuf/any.proto': proto3('message Mine {}', 'package google.protobuf;\n') },
    });
    expect(own.dependencies[0]?.definitions.map((definition) => definition.name)).toEqual(['Mine']);
  });
});

describe('referenceCache: imported files parsed once and shared between parse calls', () => {
  const shared = proto3('message Rules { string pattern = 1; Inner inner = 2; message Inner { int32 n = 1; } }', 'package rules;\n');
  const main = (n: number): string => proto3(`message File${n} { rules.Rules r = 1; rules.Rules.Inner i = 2; }`, 'import "rules.proto";\n');

  it('every schema of a snapshot parsed with one cache shares the model of the common import', () => {
    const referenceCache = new ProtobufReferenceCache();
    const schemas = [1, 2, 3].map((n) => checker.parse(main(n), { references: { 'rules.proto': shared }, referenceCache }));
    expect(referenceCache.size).toBe(1);
    expect(schemas[1]?.dependencies[0]).toBe(schemas[0]?.dependencies[0]);
    expect(schemas[2]?.dependencies[0]).toBe(schemas[0]?.dependencies[0]);
    // Without the cache every call builds its own model; the models are equal.
    const fresh = checker.parse(main(1), { references: { 'rules.proto': shared } });
    expect(fresh.dependencies[0]).not.toBe(schemas[0]?.dependencies[0]);
    expect(fresh.dependencies[0]).toEqual(schemas[0]?.dependencies[0]);
    referenceCache.clear();
    expect(referenceCache.size).toBe(0);
  });

  it('another text under the same import name is parsed again and replaces the entry', () => {
    const referenceCache = new ProtobufReferenceCache();
    const first = checker.parse(main(1), { references: { 'rules.proto': shared }, referenceCache });
    const changed = shared.replace('string pattern = 1', 'bytes pattern = 1');
    const second = checker.parse(main(1), { references: { 'rules.proto': changed }, referenceCache });
    expect(second.dependencies[0]).not.toBe(first.dependencies[0]);
    expect(((second.dependencies[0]?.definitions[0] as ProtoMessage).fields[0]?.type)).toEqual({ kind: 'scalar', scalar: 'bytes' });
    expect(referenceCache.size).toBe(1);
  });

  it('a cached model is reused only while its names resolve as they did (another file may define a closer name)', () => {
    const referenceCache = new ProtobufReferenceCache();
    const user = proto3('message User { Id id = 1; }', 'package a.b;\nimport "ids.proto";\n');
    const references = { 'user.proto': user, 'ids.proto': proto3('message Id { string v = 1; }', 'package a;\n') };
    const text = (extra: string): string => proto3(`message M { a.b.User u = 1; }${extra}`, 'import "user.proto";\n');
    const first = checker.parse(text(''), { references, referenceCache });
    const firstUser = first.dependencies.find((file) => file.name === 'user.proto');
    expect((firstUser?.definitions[0] as ProtoMessage).fields[0]?.type).toMatchObject({ fullName: 'a.Id' });
    // A file defining a.b.Id now: `Id` inside package a.b resolves to it (protoc's innermost scope first).
    const closer = { ...references, 'ids.proto': `${references['ids.proto']}import "closer.proto";\n`, 'closer.proto': proto3('message Id { int32 n = 1; }', 'package a.b;\n') };
    const second = checker.parse(text(''), { references: closer, referenceCache });
    const secondUser = second.dependencies.find((file) => file.name === 'user.proto');
    expect(secondUser).not.toBe(firstUser);
    expect((secondUser?.definitions[0] as ProtoMessage).fields[0]?.type).toMatchObject({ fullName: 'a.b.Id' });
  });

  it('a main file that defines a name a cached import looked for gets the model it got without the cache', () => {
    const referenceCache = new ProtobufReferenceCache();
    const references = { 'user.proto': proto3('message User { Id id = 1; }', 'package a.b;\nimport "ids.proto";\n'), 'ids.proto': proto3('message Id { string v = 1; }', 'package a;\n') };
    const idOfUser = (text: string, cache?: ProtobufReferenceCache): unknown => {
      const schema = checker.parse(text, cache === undefined ? { references } : { references, referenceCache: cache });
      return ((schema.dependencies.find((file) => file.name === 'user.proto')?.definitions[0] as ProtoMessage).fields[0]?.type as { fullName: string }).fullName;
    };
    const plain = proto3('message M { a.b.User u = 1; }', 'import "user.proto";\n');
    const shadowing = proto3('message Id { int32 n = 1; }\nmessage M { User u = 1; }', 'package a.b;\nimport "user.proto";\n');
    // Twice plain (the second takes the checked path), then the main file defines a.b.Id, then plain again.
    const answers = [plain, plain, shadowing, plain, shadowing].map((text) => idOfUser(text, referenceCache));
    expect(answers).toEqual([plain, plain, shadowing, plain, shadowing].map((text) => idOfUser(text)));
    expect(answers).toEqual(['a.Id', 'a.Id', 'a.b.Id', 'a.Id', 'a.b.Id']);
  });

  it('a main file that defines a name of a cached import is DUPLICATE_NAME, as without the cache', () => {
    const referenceCache = new ProtobufReferenceCache();
    const references = { 'dep.proto': proto3('message Dep {}', 'package p;\n') };
    const ok = proto3('message M { p.Dep d = 1; }', 'import "dep.proto";\n');
    const clash = proto3('message Dep {}', 'package p;\nimport "dep.proto";\n');
    checker.parse(ok, { references, referenceCache });
    checker.parse(ok, { references, referenceCache });
    const message = (cache?: ProtobufReferenceCache): string => {
      try {
        checker.parse(clash, cache === undefined ? { references } : { references, referenceCache: cache });
      } catch (error) {
        if (error instanceof SchemaParseError) return `${error.rule} ${error.message}`;
      }
      return 'parsed';
    };
    expect(message(referenceCache)).toBe(message());
    expect(message()).toMatch(/^DUPLICATE_NAME /);
  });

  it('an error in a cached reference names the label of the call that meets it', () => {
    const referenceCache = new ProtobufReferenceCache();
    const broken = { 'dep.proto': proto3('message Dep { Missing m = 1; }') };
    const parse = (label: string): SchemaParseError => {
      try {
        checker.parse(proto3('message M { Dep d = 1; }', 'import "dep.proto";\n'), { references: broken, referenceCache, label });
      } catch (error) {
        if (error instanceof SchemaParseError) return error;
      }
      throw new Error('expected a SchemaParseError');
    };
    expect(parse('history[0]').message).toMatch(/^history\[0\] reference "dep\.proto": at line 2, column 15: type "Missing"/);
    expect(parse('candidate').message).toMatch(/^candidate reference "dep\.proto": at line 2/);
    expect(parse('candidate').rule).toBe('UNRESOLVED_TYPE');
  });

  it("a new cache per snapshot takes the well-known types the checker has already modelled, and gives its own back to a new checker's", () => {
    const usesDescriptor = proto3('message M { google.protobuf.FieldDescriptorProto.Type t = 1; }', 'import "google/protobuf/descriptor.proto";\n');
    const own = new ProtobufChecker();
    const plain = own.parse(usesDescriptor);
    const viaCaches = [1, 2].map(() => own.parse(usesDescriptor, { referenceCache: new ProtobufReferenceCache() }));
    expect(viaCaches[0]?.dependencies[0]).toBe(plain.dependencies[0]);
    expect(viaCaches[1]?.dependencies[0]).toBe(plain.dependencies[0]);
    // The other way round: the model built under a caller's cache is the checker's next one.
    const other = new ProtobufChecker();
    const first = other.parse(usesDescriptor, { referenceCache: new ProtobufReferenceCache() });
    expect(other.parse(usesDescriptor).dependencies[0]).toBe(first.dependencies[0]);
    expect(first.dependencies[0]).toEqual(plain.dependencies[0]);
    expect(first.symbols.get('google.protobuf.FieldDescriptorProto.Type')?.definition.kind).toBe('enum');
  });

  it('identity compares shared imports by reference and others by model (comments do not count, a changed import does)', () => {
    const referenceCache = new ProtobufReferenceCache();
    const references = { 'rules.proto': shared };
    const a = checker.parse(main(1), { references, referenceCache });
    expect(checker.isIdentical(a, checker.parse(`// a comment\n${main(1)}`, { references, referenceCache }))).toBe(true);
    expect(checker.isIdentical(a, checker.parse(main(1), { references }))).toBe(true);
    expect(checker.isIdentical(a, checker.parse(main(2), { references, referenceCache }))).toBe(false);
    const changed = { 'rules.proto': shared.replace('string pattern = 1;', 'string pattern = 1; int32 extra = 3;') };
    expect(checker.isIdentical(a, checker.parse(main(1), { references: changed }))).toBe(false);
    expect(checker.isIdentical(a, checker.parse(main(1), { references, rootMessage: 'File1' }))).toBe(true);
  });

  it('anything but a ProtobufReferenceCache is an InvalidOptionError', () => {
    expect(() => checker.parse(proto3('message M {}'), { referenceCache: new Map() as never })).toThrow(InvalidOptionError);
    expect(() => checker.parse(proto3('message M {}'), { referenceCache: new Map() as never })).toThrow(/referenceCache/);
  });
});
