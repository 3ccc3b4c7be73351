import * as m0001 from './0001_site';
import * as m0002 from './0002_identity';
import * as m0003 from './0003_catalogue';
import * as m0004 from './0004_identity_codes';
import * as m0005 from './0005_wallet';
import * as m0006 from './0006_backoffice';

/**
 * Every migration, in order. Add a module's migration here with the next number; names sort
 * lexically, so keep the four-digit prefix.
 */
export const migrations = {
  '0001_site': m0001,
  '0002_identity': m0002,
  '0003_catalogue': m0003,
  '0004_identity_codes': m0004,
  '0005_wallet': m0005,
  '0006_backoffice': m0006,
};
