export {
  AddressGuard,
  AddressRefusedError,
  systemResolver,
  type ConnectLookup,
  type ResolvedAddress,
  type Resolver,
} from './address-guard';
export { AllowList } from './allow-list';
export { guardedFetch } from './guarded-fetch';
export { formatIp, inRange, parseIp, parseRange, type IpBytes, type IpRange } from './ip-address';
export { nonPublicKind } from './non-public-address';
export { operatorAllowList } from './operator-allow-list';
