/**
 * The complaint form's whole script, inline and allowed by its CSP hash: it sends the form as
 * JSON to `POST /api/complaint.php` and shows the answer in place (field errors, the reference,
 * a failure). Without script the form posts to the page itself and works the same, one page
 * load later. Nothing runs until the form is sent.
 */
export const COMPLAINT_FORM_SCRIPT =
  "(function(){var f=document.getElementById('complaint-form');if(!f||!window.fetch)return;" +
  "var a=document.getElementById('complaint-alert');" +
  "function fail(m){a.textContent=m||a.getAttribute('data-fallback');a.hidden=false;a.focus()}" +
  "f.addEventListener('submit',function(e){e.preventDefault();var b=f.querySelector('[type=submit]'),d={};" +
  'new FormData(f).forEach(function(v,k){d[k]=v});b.disabled=true;a.hidden=true;' +
  "fetch(f.getAttribute('data-api'),{method:'POST',headers:{'content-type':'application/json','x-locale':f.getAttribute('data-locale')},body:JSON.stringify(d)})" +
  '.then(function(r){return r.json().then(function(j){return[r.status,j]})}).then(function(x){var j=x[1],m=j.field_messages||{},c,first;' +
  "f.querySelectorAll('.is-invalid').forEach(function(n){n.classList.remove('is-invalid');n.removeAttribute('aria-invalid')});" +
  "if(x[0]===201){var o=document.getElementById('complaint-done');o.querySelector('[data-ref]').textContent=j.id;f.hidden=true;o.hidden=false;o.focus();return}" +
  "for(var k in m){c=f.elements[k];if(!c)continue;c.classList.add('is-invalid');c.setAttribute('aria-invalid','true');" +
  "document.getElementById('complaint-'+k+'-error').textContent=m[k];first=first||c}" +
  'if(first)first.focus();else fail(j.message)}).catch(function(){fail()}).then(function(){b.disabled=false})})})();';
