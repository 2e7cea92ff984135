// "The script changed": every module that changes the script being edited calls `changed()`. What follows (remember
// it, redraw it, check it again) is said once, by main.js through `afterChange`, so a module that changes the script
// needs no import of the modules that draw it, and no two modules import each other.

const followers = []; // filled once by main.js as the page starts

export function afterChange(follow) {
  followers.push(follow);
}

export function changed() {
  for (const follow of followers) follow();
}
