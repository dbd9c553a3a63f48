// Every locale file (each namespace of each language), as lazy loaders. This
// map is itself loaded on demand: only the boot namespaces' loaders sit in the
// entry chunk (index.ts), so a new lazy namespace (auth, member, cashier,
// wallet, ...) does not grow the home page's JavaScript. The console's files
// are the console's own (console.ts).
export const loaders = import.meta.glob<{ default: Record<string, unknown> }>(['../locales/*/*.json', '!../locales/*/console*.json']);
