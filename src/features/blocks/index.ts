export {
  blockProfile,
  unblockProfile,
  blockedMembers,
  refuseIfBlocked,
  BLOCK_LIST_LIMIT,
} from './blocks.service.ts';
export { blockInputSchema, blockFieldMessage, BLOCK_SELF, type BlockInput } from './blocks.schemas.ts';
