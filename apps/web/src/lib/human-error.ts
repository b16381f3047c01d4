// The one wording of failures, shared with the CLI: it lives with the HTTP contract.
export { humanError } from '@knower/api';
