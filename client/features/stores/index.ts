// What other screens may use of the stores feature (the store picker): the shared list and the credential helpers.
export { useStoreList, type StoreList } from './store-list';
export { toStoreCredentials, toStoreRef } from './store-rules';
