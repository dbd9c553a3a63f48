// The query client's defaults are every app's (@palaro/api): no retry on 4xx, none on mutations.
export { createQueryClient } from '@palaro/api/src/query';
