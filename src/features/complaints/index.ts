export {
  COMPLAINT_CATEGORIES,
  COMPLAINT_TEXT_MAX,
  COMPLAINT_TEXT_MIN,
  type ComplaintCategory,
} from './complaints.schemas.ts';
export { submitComplaint, fieldMessage, type ComplaintOutcome } from './complaints.submit.ts';
export { COMPLAINT_LIMIT } from './complaints.service.ts';
/* The moderators' queue (the reports feature's console) reads and closes complaints here. */
export {
  openComplaintsPage,
  queueComplaint,
  complaintNetwork,
  complaintsAbout,
  closeComplaint,
  type QueueComplaint,
} from './complaints.repository.ts';
