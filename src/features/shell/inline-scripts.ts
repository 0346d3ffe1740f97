/**
 * The few bytes of script that pages carry inline; each page allows exactly these by hash
 * (`allowInline` in server/csp.ts) and nothing else inline.
 */
function inline(source: string): { source: string } {
  return { source };
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
    'try{localStorage.setItem(k,String(Date.now()))}catch(e){}d.close()});d.showModal()})();',
);
