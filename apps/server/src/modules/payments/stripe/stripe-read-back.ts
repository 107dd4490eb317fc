import Stripe from 'stripe';

/**
 * Reading an object back from Stripe for its mirror (subscriptions, schedules): an event is only
 * a hint, so the object is retrieved and the mirror takes what Stripe holds.
 */

/** Stripe's answer for an object it does not have (deleted, or another account's). */
export const isMissing = (error: unknown): boolean =>
  error instanceof Stripe.errors.StripeInvalidRequestError && error.code === 'resource_missing';

/** What an event is about: its object's kind (`object`) and id, to read back; the rest of its body is not trusted. */
export function objectOfEvent(event: Stripe.Event): { kind: unknown; id: string } {
  const object = event.data?.object as { id?: unknown; object?: unknown } | undefined;
  return { kind: object?.object, id: typeof object?.id === 'string' ? object.id : '' };
}

/** The object as Stripe holds it, or null when Stripe has no such object; any other failure is thrown. */
export async function readBack<T>(retrieve: () => Promise<T>): Promise<T | null> {
  try {
    return await retrieve();
  } catch (error) {
    if (isMissing(error)) return null;
    throw error;
  }
}

/** A Stripe timestamp (seconds, absent as null or 0) as a date. */
export const dateOfSeconds = (value: number | null | undefined): Date | null =>
  value ? new Date(value * 1000) : null;

/** The id of a field Stripe gives as an id or, expanded, as the object. */
export const idOf = (value: string | { id: string } | null | undefined): string | null =>
  typeof value === 'string' ? value : (value?.id ?? null);
