import type { AnyTaskDefinition, TaskDefinition } from '@/lib/tasks/types';

const g = globalThis as unknown as { __ciTasks?: Map<string, AnyTaskDefinition> };
const defs = (g.__ciTasks ??= new Map());

/** Make a task startable by id. Registering the same id again replaces it (hot reload). */
export function registerTask<I, O>(def: TaskDefinition<I, O>): TaskDefinition<I, O> {
  defs.set(def.id, def);
  return def;
}

export function getTaskDefinition(id: string): AnyTaskDefinition | undefined {
  return defs.get(id);
}

export function registeredTaskIds(): string[] {
  return [...defs.keys()].sort();
}
