import { join } from 'node:path';
import { GitRepo } from './git-repo.js';

// A repository of schemas for `check` without files: a real git repository (GitRepo) with three
// subjects and their shared files, each with a history of several commits on fixed dates, and a
// .schema-compat.yaml. Fixed dates and identities make the commit ids the same in every build.
//
//   schemas/common/money.avsc     shop.common.Money, a shared Avro named type (a reference file)
//   schemas/orders/order.avsc     subject order-value: uses shop.common.Money without defining it
//   schemas/common/address.json   a JSON Schema others $ref by relative path
//   schemas/common/customer.json  a JSON Schema others $ref by its $id
//   schemas/events/created.json   subject events-created: $refs both
//   proto/common/money.proto      shop.common.Money in Protobuf, imported as "common/money.proto"
//   proto/shop/payment.proto      subject payment-value: imports it (protobuf.importPaths: [proto])

/** Pretty JSON with a final newline, as the schema files are written. */
function json(value: unknown): string {
  return `${JSON.stringify(value, null, 2)}\n`;
}

// --- Avro: the shared Money, and Order that uses it. ---

export const MONEY_PATH = 'schemas/common/money.avsc';
export const ORDER_PATH = 'schemas/orders/order.avsc';

/** shop.common.Money with its amount in `amountType` (`int` at first, `long` from the third commit; `float` loses precision). */
export function money(amountType: 'int' | 'long' | 'float', ...extra: ReadonlyArray<Record<string, unknown>>): string {
  return json({
    type: 'record', name: 'Money', namespace: 'shop.common',
    fields: [{ name: 'amount', type: amountType }, { name: 'currency', type: 'string' }, ...extra],
  });
}

/** The first Money: amount as an int. */
export const MONEY_1 = money('int');
/** The Money of commit 3 on: amount as a long (BACKWARD compatible: int promotes to long; FORWARD not). */
export const MONEY_2 = money('long');

const ORDER_ID = { name: 'id', type: 'string' };
const ORDER_TOTAL = { name: 'total', type: 'shop.common.Money' };
const ORDER_NOTE = { name: 'note', type: ['null', 'string'], default: null };
const ORDER_ITEMS = { name: 'items', type: 'int', default: 0 };

/** shop.orders.Order with these fields; `total` is a shop.common.Money it does not define. */
export function order(...fields: ReadonlyArray<Record<string, unknown>>): string {
  return json({ type: 'record', name: 'Order', namespace: 'shop.orders', fields });
}

export const ORDER_1 = order(ORDER_ID, ORDER_TOTAL);
export const ORDER_2 = order(ORDER_ID, ORDER_TOTAL, ORDER_NOTE);
export const ORDER_3 = order(ORDER_ID, ORDER_TOTAL, ORDER_NOTE, ORDER_ITEMS);
/** A compatible work-tree change: a field with a default. */
export const ORDER_4 = order(ORDER_ID, ORDER_TOTAL, ORDER_NOTE, ORDER_ITEMS, { name: 'channel', type: 'string', default: 'web' });
/** A breaking work-tree change: `customer` without a default (no reader of old data can fill it in). */
export const ORDER_BREAKING = order(ORDER_ID, ORDER_TOTAL, ORDER_NOTE, ORDER_ITEMS, { name: 'customer', type: 'string' });

// --- JSON Schema: address (by relative path), customer (by $id), and the created event. ---

export const ADDRESS_PATH = 'schemas/common/address.json';
export const CUSTOMER_PATH = 'schemas/common/customer.json';
export const CREATED_PATH = 'schemas/events/created.json';
export const CUSTOMER_ID = 'https://shop.example.com/schemas/customer.json';

/** A closed address; `zip` is a string until someone makes it a number. */
export function address(zipType: 'string' | 'integer' = 'string', country = false): string {
  return json({
    $schema: 'http://json-schema.org/draft-07/schema#',
    type: 'object',
    properties: {
      street: { type: 'string' },
      zip: { type: zipType },
      ...(country ? { country: { type: 'string' } } : {}),
    },
    required: ['street'],
    additionalProperties: false,
  });
}

export const ADDRESS_1 = address();
export const ADDRESS_2 = address('string', true);

export function customer(nameType: 'string' | 'integer' = 'string'): string {
  return json({
    $schema: 'http://json-schema.org/draft-07/schema#',
    $id: CUSTOMER_ID,
    type: 'object',
    properties: { name: { type: nameType }, email: { type: 'string' } },
    required: ['name'],
  });
}

export const CUSTOMER_1 = customer();

/** The created event: a closed object that $refs the address by path and the customer by $id. */
export function created(properties: Readonly<Record<string, unknown>> = {}, required: readonly string[] = ['orderId']): string {
  return json({
    $schema: 'http://json-schema.org/draft-07/schema#',
    title: 'OrderCreated',
    type: 'object',
    properties: {
      orderId: { type: 'string' },
      shipTo: { $ref: '../common/address.json' },
      buyer: { $ref: CUSTOMER_ID },
      ...properties,
    },
    required,
    additionalProperties: false,
  });
}

export const CREATED_1 = created();
export const CREATED_2 = created({ placedAt: { type: 'string' } });
export const CREATED_3 = created({ placedAt: { type: 'string' }, channel: { type: 'string' } });
/** A breaking change: `channel` becomes an integer (old data has strings there). */
export const CREATED_BREAKING = created({ placedAt: { type: 'string' }, channel: { type: 'integer' } });

// --- Protobuf: Money, imported by Payment. ---

export const PROTO_MONEY_PATH = 'proto/common/money.proto';
export const PAYMENT_PATH = 'proto/shop/payment.proto';

export function protoMoney(nanos = false): string {
  return [
    'syntax = "proto3";',
    '',
    'package shop.common;',
    '',
    'message Money {',
    '  int64 units = 1;',
    '  string currency = 2;',
    ...(nanos ? ['  int32 nanos = 3;'] : []),
    '}',
    '',
  ].join('\n');
}

export const PROTO_MONEY_1 = protoMoney();
export const PROTO_MONEY_2 = protoMoney(true);

/** shop.Payment with these field lines after its import of common/money.proto. */
export function payment(...fields: readonly string[]): string {
  return [
    'syntax = "proto3";',
    '',
    'package shop;',
    '',
    'import "common/money.proto";',
    '',
    'message Payment {',
    ...fields.map((field) => `  ${field}`),
    '}',
    '',
  ].join('\n');
}

export const PAYMENT_1 = payment('string id = 1;', 'shop.common.Money amount = 2;');
export const PAYMENT_2 = payment('string id = 1;', 'shop.common.Money amount = 2;', 'string memo = 3;');
export const PAYMENT_3 = payment('string id = 1;', 'shop.common.Money amount = 2;', 'string memo = 3;', 'bool captured = 4;');
/** A breaking change: field 1 changes from string to int64. */
export const PAYMENT_BREAKING = payment('int64 id = 1;', 'shop.common.Money amount = 2;', 'string memo = 3;', 'bool captured = 4;');

// --- The configuration. ---

export const CONFIG_PATH = '.schema-compat.yaml';

/**
 * The ignore list of the default configuration: one approval by fields (PAYMENT_BREAKING's change
 * of field 1, both directions, until 2026-06-30), one by a fingerprint no finding has.
 */
export const DEFAULT_IGNORE = [
  '  - subject: payment-value',
  '    type: FIELD_SCALAR_KIND_CHANGED',
  '    location: "#/Payment/1"',
  '    reason: the payment service reads ids as strings until PAY-12 ships',
  '    until: 2026-06-30',
  '  - fingerprint: 0123456789abcdef',
  '    reason: approved during the January migration',
].join('\n');

/**
 * The configuration: defaults (strategy, against git-log:main, subject template {name}-value), a
 * rule per subject with a strategy or a template of its own, the reference files, the Protobuf
 * import root and an ignore list (`ignore`: its entries as YAML lines; '' for none).
 */
export function shopConfig(ignore: string = DEFAULT_IGNORE): string {
  return [
    '# The shop\'s schemas: every subject is checked against its history on main.',
    'defaults:',
    '  strategy: BACKWARD',
    '  against: git-log:main',
    '  subject: "{name}-value"',
    'subjects:',
    '  - files: schemas/orders/*.avsc',
    '    strategy: BACKWARD_TRANSITIVE',
    '  - files: schemas/events/*.json',
    '    subject: "events-{name}"',
    '  - files: "proto/shop/**/*.proto"',
    '    strategy: FULL',
    'references:',
    '  - schemas/common/**',
    '  - proto/common/*.proto',
    'protobuf:',
    '  importPaths: [proto]',
    ...(ignore === '' ? [] : ['ignore:', ignore]),
    '',
  ].join('\n');
}

export const SHOP_CONFIG = shopConfig();

/** The names of the subjects of SHOP_CONFIG, in the order they are checked. */
export const SUBJECTS = ['order-value', 'events-created', 'payment-value'] as const;

/** One commit of the fixture's history. */
export interface FixtureCommit {
  readonly name: string;
  readonly message: string;
  readonly date: string;
  readonly files: Readonly<Record<string, string>>;
}

/**
 * The history on main, five commits a week apart. Each subject has three committed versions; the
 * shared Avro Money changes in c3 (amount int → long), so versions before it use the old Money.
 */
export const HISTORY: readonly FixtureCommit[] = [
  {
    name: 'c1', message: 'initial schemas', date: '2026-01-05',
    files: {
      [MONEY_PATH]: MONEY_1, [ORDER_PATH]: ORDER_1,
      [ADDRESS_PATH]: ADDRESS_1, [CUSTOMER_PATH]: CUSTOMER_1, [CREATED_PATH]: CREATED_1,
      [PROTO_MONEY_PATH]: PROTO_MONEY_1, [PAYMENT_PATH]: PAYMENT_1,
      'README.md': '# shop schemas\n',
    },
  },
  { name: 'c2', message: 'orders: note; events: placedAt', date: '2026-01-12', files: { [ORDER_PATH]: ORDER_2, [CREATED_PATH]: CREATED_2 } },
  { name: 'c3', message: 'money: amount as long; proto money: nanos', date: '2026-01-19', files: { [MONEY_PATH]: MONEY_2, [PROTO_MONEY_PATH]: PROTO_MONEY_2 } },
  { name: 'c4', message: 'orders: items; payment: memo; address: country', date: '2026-01-26', files: { [ORDER_PATH]: ORDER_3, [PAYMENT_PATH]: PAYMENT_2, [ADDRESS_PATH]: ADDRESS_2 } },
  { name: 'c5', message: 'events: channel; payment: captured', date: '2026-02-02', files: { [CREATED_PATH]: CREATED_3, [PAYMENT_PATH]: PAYMENT_3 } },
];

export interface SchemaRepoOptions {
  /** A folder of the repository the fixture lives in (`services/shop`): every path, the configuration's too, is under it. */
  readonly prefix?: string;
  /** The configuration committed in c1 (default SHOP_CONFIG); null: no configuration file. */
  readonly config?: string | null;
  /** Commits after HISTORY, on main (or on `branch` when given). */
  readonly commits?: readonly FixtureCommit[];
  /** A branch created after HISTORY, before `commits`, and checked out (a feature branch). */
  readonly branch?: string;
  /** Files written to the work tree at the end, not committed: the change under review. */
  readonly workTree?: Readonly<Record<string, string>>;
}

/** A built fixture: the repository, and each commit's id and report label by name. */
export interface SchemaRepo {
  readonly repo: GitRepo;
  /** The fixture's folder (where its configuration is): the repository's, or its `prefix` folder. */
  readonly dir: string;
  /** Full commit ids by name (`c1` ... and any extra commits). */
  readonly commits: Readonly<Record<string, string>>;
  /** `a1b2c3d (2026-01-05)`: how reports label a git-log version. */
  label(name: string): string;
  /** Writes files (paths relative to `dir`) to the work tree, without committing them. */
  write(files: Readonly<Record<string, string>>): void;
  /** Back to the state it was built in: the branch and commit checked out then, no work-tree changes, no new files. */
  restore(): void;
  remove(): void;
}

/** Builds the fixture in a new temporary folder with the real git. */
export function buildSchemaRepo(options: SchemaRepoOptions = {}): SchemaRepo {
  const repo = GitRepo.create('schema-compat-shop-');
  const config = options.config === undefined ? SHOP_CONFIG : options.config;
  const at = (files: Readonly<Record<string, string>>): Record<string, string> => Object.fromEntries(Object.entries(files).map(([path, text]) => [options.prefix === undefined ? path : `${options.prefix}/${path}`, text]));
  const commits: Record<string, string> = {};
  const dates: Record<string, string> = {};
  HISTORY.forEach((commit, i) => {
    const files = i === 0 && config !== null ? { ...commit.files, [CONFIG_PATH]: config } : commit.files;
    commits[commit.name] = repo.commit(commit.message, at(files), commit.date);
    dates[commit.name] = commit.date;
  });
  if (options.branch !== undefined) repo.git('checkout', '-q', '-b', options.branch);
  for (const commit of options.commits ?? []) {
    commits[commit.name] = repo.commit(commit.message, at(commit.files), commit.date);
    dates[commit.name] = commit.date;
  }
  const write = (files: Readonly<Record<string, string>>): void => {
    for (const [path, text] of Object.entries(at(files))) repo.write(path, text);
  };
  write(options.workTree ?? {});
  const branch = repo.git('rev-parse', '--abbrev-ref', 'HEAD').trim();
  const head = repo.git('rev-parse', 'HEAD').trim();
  return {
    repo,
    dir: options.prefix === undefined ? repo.dir : join(repo.dir, options.prefix),
    commits,
    label: (name) => `${repo.short(commits[name] as string)} (${dates[name] as string})`,
    write,
    restore: () => {
      repo.git('checkout', '-q', '-f', branch);
      repo.git('reset', '-q', '--hard', head);
      repo.git('clean', '-fdq');
      write(options.workTree ?? {});
    },
    remove: () => repo.remove(),
  };
}
