/*
 * Web push (API.md "Away from the site"): the push channel of `notify()`, its retry job and its
 * privacy hook, wired in by the composition root (src/app/). The browser side (the push switch
 * and alert) lives in components/.
 */
export { pushSender, pushesFor, vapidSubject } from './push.sender.ts';
export { pushJobs, retryPushes } from './push.jobs.ts';
export { pushPrivacy } from './push.privacy.ts';
