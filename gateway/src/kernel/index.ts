export { BlockRegistry, BlockRegistrationError } from './block-registry';
export { loadBlockPackages, DEFAULT_BLOCKS_DIR, PRODUCT_ROOT, type LoadOptions } from './load-block-packages';
export { loadInstalledBlocks, type InstalledBlocks, type RefusedPackage } from './installed-blocks';
