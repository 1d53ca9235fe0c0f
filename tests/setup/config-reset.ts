import { resetConfig } from '@/lib/config';

/**
 * lib/config parses the environment once per process. Tests change process.env all the time
 * (single variables, or `process.env = { ...saved }`), so every such change forgets the parsed
 * configuration and the next `config()` reads the new values.
 */
const target = process.env;
const proxy = new Proxy(target, {
  set(t, key, value) {
    const ok = Reflect.set(t, key, value);
    resetConfig();
    return ok;
  },
  deleteProperty(t, key) {
    const ok = Reflect.deleteProperty(t, key);
    resetConfig();
    return ok;
  },
});
Object.defineProperty(process, 'env', {
  configurable: true,
  enumerable: true,
  get: () => proxy,
  set: (next: NodeJS.ProcessEnv) => {
    for (const k of Object.keys(target)) if (!(k in next)) delete target[k];
    for (const [k, v] of Object.entries(next)) if (v !== undefined) target[k] = v;
    resetConfig();
  },
});
