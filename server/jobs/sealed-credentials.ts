// A job's store credentials (issue 12): sealed with the store-token cipher, the job id as associated data, kept in
// the job row while it runs and erased when it ends. The platform needs only a cipher's shape, not the feature that
// makes it.
type StoreKey = { storeHash: string; accessToken: string };

/** The stores a job works on: the one it writes, and the one it reads from when that is another. */
export type SealedCredentials = { target: StoreKey; source?: StoreKey };

export type Sealer = {
  encrypt(plain: string, associated: string): string;
  decrypt(sealed: string, associated: string): string;
};

export function sealCredentials(cipher: Sealer, jobId: string, credentials: SealedCredentials): string {
  return cipher.encrypt(JSON.stringify(credentials), jobId);
}

export function openCredentials(cipher: Sealer, jobId: string, sealed: string): SealedCredentials {
  return JSON.parse(cipher.decrypt(sealed, jobId)) as SealedCredentials;
}
