// File names in messages, quoted as GNU coreutils quotes them (its "quotef":
// the shell-escape quoting style of gnulib's quotearg, with ':' also
// quoted), so that fipsmod md5sum's standard error matches md5sum's byte for
// byte. The result is always safe to show on a terminal: no control byte or
// invalid multibyte sequence survives.
#pragma once

#include <string>
#include <string_view>

namespace fipsmod::cli {

// The rules, for the locale's LC_CTYPE at the time of the call:
//  - A name made only of characters no shell treats specially (letters,
//    digits, % + , - . / ] _ @, a '#' or '~' that is not first, a '{' or '}'
//    that is not the whole name, and printable multibyte characters) is
//    shown as it is.
//  - Otherwise it is put in single quotes. A single quote becomes '\''.
//    Control characters, and bytes that do not form a printable character
//    of the locale (in the C locale every byte >= 0x80), are spelled in
//    $'...' segments: \a \b \t \n \v \f \r by letter, the rest in octal.
//  - A name with a single quote whose other characters are all letters,
//    digits, % + , - . / ] _ @ :, blanks, printable multibyte characters or
//    a first '#' or '~' is put in double quotes instead: "it's", and
//    "it's é" in a UTF-8 locale (but 'it'\''s#').
//  - quotearg's quirk is kept: for a name with a single quote that ends
//    with a spelled-out byte, the written pass starts still inside the
//    $'...' segment its scan ended in, so the result starts with an extra
//    '' (and a first spelled-out byte gets no $'): "it's\n" becomes
//    '''it'\''s'$'\n'.
// Only the part before a NUL byte is quoted, as the C string would be.
std::string quote_name(std::string_view name);

// The same, but always in quotes: an argument named in a message
// ("unknown command 'x'") reads better quoted even when it is plain.
std::string quote_argument(std::string_view argument);

}  // namespace fipsmod::cli
