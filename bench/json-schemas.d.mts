// Types of bench/json-schemas.mjs's wide object, for test/json-schema/explain-growth.test.ts.
export declare function jsonSchemaWide(n: number, change?: object): object;
