/** Structs the contract's requests share that depend on nothing else of the contract. */
import { integer, min } from 'superstruct';

/** A record's id: a whole number from 1 (a serial column). */
export const Id = min(integer(), 1);
