// s3rver ships no types; only what the tests use.
declare module 's3rver' {
  export default class S3rver {
    constructor(options: { port: number; address: string; silent: boolean; directory: string; configureBuckets: { name: string; configs: string[] }[] });
    run(): Promise<{ port: number }>;
    close(): Promise<void>;
  }
}
