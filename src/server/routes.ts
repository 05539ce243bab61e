import type { Handler } from './handlers.js';
import { handlers } from './handlers.js';

/** A path pattern: literal segments, and `*` for a parameter. */
interface Route {
  readonly pattern: readonly string[];
  readonly methods: Readonly<Partial<Record<string, Handler>>>;
}

const route = (path: string, methods: Route['methods']): Route => ({ pattern: path.split('/').filter(Boolean), methods });

/** The subset of Confluent's REST API the real clients use (docs/registry.md lists it). */
const ROUTES: readonly Route[] = [
  route('/', { GET: handlers.root }),
  route('/schemas/types', { GET: handlers.schemaTypes }),
  route('/schemas/ids/*', { GET: handlers.schemaById }),
  route('/schemas/ids/*/schema', { GET: handlers.schemaTextById }),
  route('/schemas/ids/*/versions', { GET: handlers.idVersions }),
  route('/schemas/ids/*/subjects', { GET: handlers.idSubjects }),
  route('/subjects', { GET: handlers.listSubjects }),
  route('/subjects/*', { POST: handlers.lookup, DELETE: handlers.deleteSubject }),
  route('/subjects/*/versions', { GET: handlers.listVersions, POST: handlers.register }),
  route('/subjects/*/versions/*', { GET: handlers.getVersion, DELETE: handlers.deleteVersion }),
  route('/subjects/*/versions/*/schema', { GET: handlers.getVersionSchema }),
  route('/compatibility/subjects/*/versions', { POST: handlers.compatibility }),
  route('/compatibility/subjects/*/versions/*', { POST: handlers.compatibility }),
  route('/config', { GET: handlers.getGlobalConfig, PUT: handlers.putGlobalConfig, DELETE: handlers.deleteGlobalConfig }),
  route('/config/*', { GET: handlers.getConfig, PUT: handlers.putConfig, DELETE: handlers.deleteConfig }),
  route('/mode', { GET: handlers.mode }),
];

/** The route a path matches, with its decoded parameters; undefined when none does. */
export function matchRoute(segments: readonly string[]): { readonly route: Route; readonly params: string[] } | undefined {
  for (const candidate of ROUTES) {
    if (candidate.pattern.length !== segments.length) continue;
    const params: string[] = [];
    const matches = candidate.pattern.every((part, i) => {
      const segment = segments[i] as string;
      if (part === '*') {
        params.push(segment);
        return true;
      }
      return part === segment;
    });
    if (matches) return { route: candidate, params };
  }
  return undefined;
}
