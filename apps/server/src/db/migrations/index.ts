import * as m0001 from './0001_site';

/**
 * Every migration, in order. Add a module's migration here with the next number; names sort
 * lexically, so keep the four-digit prefix.
 */
export const migrations = {
  '0001_site': m0001,
};
