/**
 * The complaint form's whole script, inline and allowed by its CSP hash: it sends the form as
 * JSON to `POST /api/complaint.php` and shows the answer in place (field errors, the reference,
 * a failure). Without script the form posts to the page itself and works the same, one page
 * load later. Nothing runs until the form is sent.
 */
interface Answer {
  id?: string;
  message?: string;
  field_messages?: Record<string, string>;
}

const form = document.getElementById('complaint-form') as HTMLFormElement | null;
const alertBox = document.getElementById('complaint-alert');

function fail(message?: string): void {
  if (!alertBox) return;
  alertBox.textContent = message || alertBox.getAttribute('data-fallback');
  alertBox.hidden = false;
  alertBox.focus();
}

function show(form: HTMLFormElement, status: number, answer: Answer): void {
  form.querySelectorAll('.is-invalid').forEach((field) => {
    field.classList.remove('is-invalid');
    field.removeAttribute('aria-invalid');
  });
  if (status === 201) {
    const done = document.getElementById('complaint-done')!;
    done.querySelector('[data-ref]')!.textContent = answer.id ?? '';
    form.hidden = true;
    done.hidden = false;
    done.focus();
    return;
  }
  const messages = answer.field_messages ?? {};
  let first: HTMLElement | undefined;
  for (const name of Object.keys(messages)) {
    const control = form.elements.namedItem(name) as HTMLElement | null;
    if (!control) continue;
    control.classList.add('is-invalid');
    control.setAttribute('aria-invalid', 'true');
    const error = document.getElementById(`complaint-${name}-error`);
    if (error) error.textContent = messages[name]!;
    first = first ?? control;
  }
  if (first) first.focus();
  else fail(answer.message);
}

if (form && 'fetch' in window) {
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    const button = form.querySelector<HTMLButtonElement>('[type=submit]')!;
    const data: Record<string, string> = {};
    new FormData(form).forEach((value, key) => {
      data[key] = String(value);
    });
    button.disabled = true;
    if (alertBox) alertBox.hidden = true;
    fetch(form.getAttribute('data-api')!, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-locale': form.getAttribute('data-locale') ?? '' },
      body: JSON.stringify(data),
    })
      .then((response) => response.json().then((answer: Answer) => show(form, response.status, answer)))
      .catch(() => fail())
      .then(() => {
        button.disabled = false;
      });
  });
}
