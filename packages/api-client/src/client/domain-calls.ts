import type { DomainCreate } from '../contract/domains.ts';
import type { Call } from './operation.ts';
import * as op from './routes.generated.ts';

/** Issue 34: the acting team's custom domains (add, verify by DNS TXT record, remove). */
export const domainCalls = (call: Call) => ({
  list: () => call(op.getDomains),
  add: (input: DomainCreate) => call(op.postDomains, { body: input }),
  verify: (id: string) => call(op.postDomainsByIdVerify, { id }),
  remove: (id: string) => call(op.deleteDomainsById, { id }),
});
