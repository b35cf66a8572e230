import type { FieldValues, Resolver } from 'react-hook-form';
import type { ZodType } from 'zod';

/**
 * A react-hook-form resolver that loads its schema, zod and the zod resolver at the first
 * validation (the first submit), so a form page's first load carries none of them (issue 14,
 * item 4). Validation is the same as `zodResolver(schema)`.
 */
export function lazyZodResolver<T extends FieldValues>(loadSchema: () => Promise<ZodType<T, T>>): Resolver<T> {
  let resolver: Promise<Resolver<T>> | undefined;
  return async (values, context, options) => {
    resolver ??= Promise.all([loadSchema(), import('@hookform/resolvers/zod')]).then(([schema, { zodResolver }]) => zodResolver(schema) as Resolver<T>);
    return (await resolver)(values, context, options);
  };
}
