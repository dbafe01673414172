/** The field names of a payload, nested objects included ("counterpart.name"), sorted: to compare an event with its sample. */
export function fieldNames(data: Record<string, unknown>, prefix = ''): string[] {
  return Object.entries(data)
    .flatMap(([key, value]) =>
      value !== null && typeof value === 'object' && !Array.isArray(value)
        ? fieldNames(value as Record<string, unknown>, `${prefix}${key}.`)
        : [`${prefix}${key}`],
    )
    .sort();
}
