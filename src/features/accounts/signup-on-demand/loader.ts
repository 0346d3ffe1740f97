import { compact } from '../../../lib/compact-script.ts';
import { SIGNUP_READY_ATTRIBUTE, SIGNUP_READY_EVENT, SIGNUP_REQUEST_EVENT } from './trigger.ts';

/** The element the modal mounts into; it carries the bundle's URL and its JSON props follow it. */
export const SIGNUP_ROOT_ID = 'signup-modal';
export const SIGNUP_PROPS_ID = 'signup-modal-props';

/**
 * The signup modal's loader, inline on every page a visitor can sign up from (a few hundred
 * bytes, allowed by its CSP hash): the modal's code, with React, is one file that loads only
 * when the visitor points at, focuses or clicks a signup link, so landers ship no script file.
 *
 * It is the one place that turns a click on a signup link (`data-signup`, or a link to
 * `/signup` or `/{locale}/signup` on this site, in the same tab) into the modal, before and after
 * the modal's code arrives: a click made while it loads is remembered and replayed when the modal
 * says it listens. When the code cannot load (offline, a new deployment), the click follows the
 * link to the signup page instead. Written like PAGE_BEHAVIOURS_SOURCE: one statement a line.
 */
export const SIGNUP_LOADER_SOURCE = compact(`
(function(){
  var d=document,root=d.getElementById('${SIGNUP_ROOT_ID}'),state=0,pending=null,fallback='';
  if(!root)return;
  var signupPath=/^(?:\\/[a-z]{2})?\\/signup\\/?$/;
  var ready=function(){
    return d.documentElement.hasAttribute('${SIGNUP_READY_ATTRIBUTE}');
  };
  var requestAt=function(target){
    var el=target&&target.closest?target.closest('[data-signup],a[href]'):null;
    if(!el)return null;
    if(el.hasAttribute('data-signup'))return{invite:el.getAttribute('data-signup-invite')||undefined,href:el.href||''};
    if(el.target&&el.target!=='_self'||el.origin!==location.origin||!signupPath.test(el.pathname))return null;
    return{invite:new URL(el.href).searchParams.get('invite')||undefined,href:el.href};
  };
  var load=function(){
    if(state)return;
    state=1;
    var s=d.createElement('script');
    s.src=root.getAttribute('data-src');
    s.async=true;
    s.onerror=function(){
      state=0;
      s.remove();
      if(pending){
        pending=null;
        location.assign(fallback||root.getAttribute('data-href'));
      }
    };
    d.head.appendChild(s);
  };
  var ask=function(request){
    if(ready()){
      d.dispatchEvent(new CustomEvent('${SIGNUP_REQUEST_EVENT}',{detail:request}));
      return;
    }
    pending=request;
    load();
  };
  d.addEventListener('${SIGNUP_READY_EVENT}',function(){
    if(!pending)return;
    var request=pending;
    pending=null;
    d.dispatchEvent(new CustomEvent('${SIGNUP_REQUEST_EVENT}',{detail:request}));
  });
  d.addEventListener('${SIGNUP_REQUEST_EVENT}',function(e){
    if(!ready()){
      pending=e.detail||{};
      load();
    }
  });
  d.addEventListener('click',function(e){
    if(e.defaultPrevented||e.button||e.metaKey||e.ctrlKey||e.shiftKey||e.altKey)return;
    var found=requestAt(e.target);
    if(!found)return;
    e.preventDefault();
    fallback=found.href;
    ask({invite:found.invite});
  });
  ['pointerover','focusin','touchstart'].forEach(function(type){
    d.addEventListener(type,function(e){
      if(!state&&requestAt(e.target))load();
    },{passive:true});
  });
})();
`);
