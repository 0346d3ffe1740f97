/**
 * The page behaviours of spec §2 as inline script: every page carries it, so it is small, has no
 * dependencies and is allowed by its CSP hash (see `allowInline`). Written readably and shipped
 * compacted (see `compact`); `inline-scripts.test.ts` compiles and runs it.
 */

import { compact } from '../../lib/compact-script.ts';

/** Spec §9: the loading bar appears after 200 ms and runs for 5000 ms (the CSS animates it). */
export const LOADING_BAR_THROTTLE_MS = 200;
export const LOADING_BAR_DURATION_MS = 5000;
/** Spec §8: a failed code-chunk load reloads the page, at most once per 60 s. */
export const CHUNK_RELOAD_INTERVAL_MS = 60_000;
export const CHUNK_RELOAD_KEY = 'chunk-reload-at';

/**
 * - `page-hidden`: a beacon to `/api/page-hidden.php` whenever the page becomes hidden.
 * - `lb`: when the URL has it, leaving the page without following one of the site's links sends
 *   `{ page, ms }` to `/api/bounce.php`, once.
 * - `t`: after that many seconds the like modal (`#like-modal`, rendered by the server only when
 *   `t` is present) opens, waiting while another dialog (the entry warning) is open; a click on
 *   its backdrop closes it.
 * - The loading bar starts when a navigation to a page of the site takes longer than 200 ms.
 * - A code chunk that fails to load reloads the page, unless that happened in the last minute.
 */
export const PAGE_BEHAVIOURS_SOURCE = compact(`
(function(){
  var w=window,d=document,q=new URLSearchParams(location.search),n=navigator,left=false;
  var beacon=function(u,b){
    try{
      if(n.sendBeacon)n.sendBeacon(u,b);
    }catch(e){}
  };
  d.addEventListener('visibilitychange',function(){
    if(d.visibilityState!=='hidden')return;
    beacon('/api/page-hidden.php','{}');
    if(q.has('lb')&&!left){
      left=true;
      beacon('/api/bounce.php',JSON.stringify({page:location.pathname,ms:Math.round(performance.now())}));
    }
  });
  var bar=d.getElementById('loading-bar'),timer=0;
  var start=function(){
    left=true;
    clearTimeout(timer);
    timer=setTimeout(function(){
      if(bar){
        bar.hidden=false;
        bar.classList.add('is-loading');
      }
    },${LOADING_BAR_THROTTLE_MS});
  };
  d.addEventListener('click',function(e){
    var a=e.target&&e.target.closest?e.target.closest('a[href]'):null;
    if(!a||e.defaultPrevented||e.button||e.metaKey||e.ctrlKey||e.shiftKey||e.altKey)return;
    if(a.target&&a.target!=='_self'||a.hasAttribute('download')||a.origin!==location.origin)return;
    if(a.pathname===location.pathname&&a.search===location.search&&a.hash)return;
    start();
  });
  d.addEventListener('submit',function(e){
    if(!e.defaultPrevented)start();
  });
  w.addEventListener('pageshow',function(e){
    if(!e.persisted)return;
    clearTimeout(timer);
    left=false;
    if(bar){
      bar.hidden=true;
      bar.classList.remove('is-loading');
    }
  });
  var reload=function(){
    try{
      var now=Date.now(),last=Number(sessionStorage.getItem('${CHUNK_RELOAD_KEY}'))||0;
      if(now-last<${CHUNK_RELOAD_INTERVAL_MS})return;
      sessionStorage.setItem('${CHUNK_RELOAD_KEY}',String(now));
    }catch(e){
      return;
    }
    location.reload();
  };
  w.addEventListener('vite:preloadError',reload);
  w.addEventListener('unhandledrejection',function(e){
    var r=e.reason,m=String(r&&r.message||r);
    if(/dynamically imported module|Importing a module script failed|error loading dynamically imported|ChunkLoadError/i.test(m))reload();
  });
  w.addEventListener('error',function(e){
    var s=e.target;
    if(s&&s.tagName==='SCRIPT'&&/\\/_astro\\//.test(s.src||''))reload();
  },true);
  var like=d.getElementById('like-modal'),secs=Number(q.get('t'));
  if(like&&like.showModal&&secs>0&&isFinite(secs)){
    var open=function(){
      if(d.querySelector('dialog[open]'))return setTimeout(open,1000);
      like.showModal();
    };
    setTimeout(open,Math.min(secs,3600)*1000);
    like.addEventListener('click',function(e){
      if(e.target===like||e.target.closest('[data-like-close]'))like.close();
    });
  }
})();
`);

/**
 * Loads the scripts named by `data-lazy-script` on the page's first interaction (pointer, touch
 * or key; not focus, which a dialog moves by itself on load), so heavy parts cost nothing until
 * a visitor reaches for them. A click on a
 * `[data-lazy-action]` before its script has arrived is kept in `data-pending` for the script to
 * replay, rather than lost; the script marks its root `data-ready` when it has taken over.
 */
export const LAZY_SCRIPTS_SOURCE = compact(`
(function(){
  var d=document,done=false,events=['pointerdown','touchstart','keydown'];
  var load=function(){
    if(done)return;
    done=true;
    events.forEach(function(t){
      d.removeEventListener(t,load,true);
    });
    var seen={};
    d.querySelectorAll('[data-lazy-script]').forEach(function(el){
      var src=el.getAttribute('data-lazy-script');
      if(!src||seen[src])return;
      seen[src]=1;
      var s=d.createElement('script');
      s.src=src;
      s.async=true;
      d.head.appendChild(s);
    });
  };
  events.forEach(function(t){
    d.addEventListener(t,load,{capture:true,passive:true});
  });
  d.addEventListener('click',function(e){
    var a=e.target&&e.target.closest?e.target.closest('[data-lazy-action]'):null;
    var root=a&&a.closest('[data-lazy-script]');
    if(!root||root.hasAttribute('data-ready'))return;
    e.preventDefault();
    root.setAttribute('data-pending',a.getAttribute('data-lazy-action'));
    load();
  });
})();
`);
