import { createHash } from 'node:crypto';

/**
 * The few bytes of script that pages carry inline, with their CSP hashes: the CSP allows
 * exactly these and nothing else inline.
 */
function inline(source: string): { source: string; hash: string } {
  return { source, hash: `sha256-${createHash('sha256').update(source).digest('base64')}` };
}

/**
 * Opens the site-entry warning unless it was dismissed before or the page runs as an installed
 * app; confirming remembers the dismissal. Escape does not close it: the visitor must choose.
 */
export const ENTRY_WARNING_SCRIPT = inline(
  "(function(){var d=document.getElementById('entry-warning'),k='entry-warning-dismissed';" +
    "try{if(localStorage.getItem(k)||matchMedia('(display-mode: standalone)').matches)return}catch(e){}" +
    "if(!d||!d.showModal)return;d.addEventListener('cancel',function(e){e.preventDefault()});" +
    "d.querySelector('[data-entry-confirm]').addEventListener('click',function(){" +
    "try{localStorage.setItem(k,String(Date.now()))}catch(e){}d.close()});d.showModal()})();",
);
