// The quoting of file names in messages, against what coreutils 9.1's
// md5sum printed for the same names (md5sum -- NAME, for a missing NAME),
// in the C and the C.UTF-8 locale. tests/md5sum_compat_test.sh compares the
// two programs on many more names; these pin the rules down.
#include "quote.hpp"

#include <gtest/gtest.h>

#include <clocale>
#include <string>

namespace fipsmod::cli {
namespace {

struct Case {
  std::string name, in_c, in_utf8;
};

const Case kCases[] = {
      {"plain", "plain", "plain"},
      {"", "''", "''"},
      {"a:b", "'a:b'", "'a:b'"},
      {"with space", "'with space'", "'with space'"},
      {"\303\251", "''$'\\303\\251'", "\303\251"},
      {"~x", "'~x'", "'~x'"},
      {"x~", "x~", "x~"},
      {"{", "'{'", "'{'"},
      {"}", "'}'", "'}'"},
      {"{x", "{x", "{x"},
      {"x}", "x}", "x}"},
      {"#", "'#'", "'#'"},
      {"a#", "a#", "a#"},
      {"=", "'='", "'='"},
      {"^", "'^'", "'^'"},
      {"@x", "@x", "@x"},
      {"it's", "\"it's\"", "\"it's\""},
      {"it's\012", "'''it'\\''s'$'\\n'", "'''it'\\''s'$'\\n'"},
      {"\012'", "''$'\\n'\\'''", "''$'\\n'\\'''"},
      {"\001'\001", "'\\001'\\'''$'\\001'", "'\\001'\\'''$'\\001'"},
      {"a\377", "'a'$'\\377'", "'a'$'\\377'"},
      {"\377", "''$'\\377'", "''$'\\377'"},
      {"it's \303\251", "'''it'\\''s '$'\\303\\251'", "\"it's \303\251\""},
      {"\200", "''$'\\200'", "''$'\\200'"},
      {"a\012b", "'a'$'\\n''b'", "'a'$'\\n''b'"},
      {"\011x", "''$'\\t''x'", "''$'\\t''x'"},
      {"x\177", "'x'$'\\177'", "'x'$'\\177'"},
      {"\007\010\014\013\015", "''$'\\a\\b\\f\\v\\r'", "''$'\\a\\b\\f\\v\\r'"},
      {"back\\slash", "'back\\slash'", "'back\\slash'"},
      {"q?", "'q?'", "'q?'"},
      {"don't!", "'don'\\''t!'", "'don'\\''t!'"},
      {"'", "\"'\"", "\"'\""},
      {"''", "\"''\"", "\"''\""},
      {"#it's", "\"#it's\"", "\"#it's\""},
      {"it's#", "'it'\\''s#'", "'it'\\''s#'"},
      {"\342\202", "''$'\\342\\202'", "''$'\\342\\202'"},
      {"\355\240\200", "''$'\\355\\240\\200'", "''$'\\355\\240\\200'"},
      {"\302\205", "''$'\\302\\205'", "''$'\\302\\205'"},
      {"\342\200\213", "''$'\\342\\200\\213'", "\342\200\213"},
      {"\303(", "''$'\\303''('", "''$'\\303''('"},
      {"]", "]", "]"},
      {"%+,-./_", "%+,-./_", "%+,-./_"},
      {"\033]0;x\007", "''$'\\033'']0;x'$'\\a'", "''$'\\033'']0;x'$'\\a'"},
};

// Sets LC_CTYPE for one test and restores it.
class Locale {
 public:
  explicit Locale(const char* name) : saved_(std::setlocale(LC_CTYPE, nullptr)) {
    ok_ = std::setlocale(LC_CTYPE, name) != nullptr;
  }
  ~Locale() { std::setlocale(LC_CTYPE, saved_.c_str()); }
  bool ok() const { return ok_; }

 private:
  std::string saved_;
  bool ok_ = false;
};

TEST(QuoteName, AsCoreutilsInTheCLocale) {
  Locale c("C");
  ASSERT_TRUE(c.ok());
  for (const Case& t : kCases) EXPECT_EQ(quote_name(t.name), t.in_c) << t.name;
}

TEST(QuoteName, AsCoreutilsInCUtf8) {
  Locale utf8("C.UTF-8");
  ASSERT_TRUE(utf8.ok()) << "the C.UTF-8 locale is missing";
  for (const Case& t : kCases) EXPECT_EQ(quote_name(t.name), t.in_utf8) << t.name;
}

TEST(QuoteName, StopsAtNul) {
  Locale c("C");
  EXPECT_EQ(quote_name(std::string("a\0b c", 5)), "a");
}

// Whatever the name, the result holds no control byte, so it cannot drive
// a terminal; in the C locale, no byte >= 0x80 either.
TEST(QuoteName, NeverPassesControlBytes) {
  for (const char* locale : {"C", "C.UTF-8"}) {
    Locale l(locale);
    ASSERT_TRUE(l.ok()) << locale;
    for (int a = 1; a < 256; ++a) {
      for (int b : {0, 1, 0x1b, 0x27, 0x7f, 0x80, 0x9b, 0xc2, 0xe2, 0xff}) {
        std::string name(1, static_cast<char>(a));
        if (b) name += static_cast<char>(b);
        for (unsigned char q : quote_name(name)) {
          EXPECT_TRUE(q >= 0x20 && q != 0x7f) << locale << " " << a << " " << b;
          if (std::string_view(locale) == "C") {
            EXPECT_LT(q, 0x80) << a << " " << b;
          }
        }
      }
    }
  }
}

TEST(QuoteArgument, AlwaysQuoted) {
  Locale c("C");
  EXPECT_EQ(quote_argument("frob"), "'frob'");
  EXPECT_EQ(quote_argument("a b"), "'a b'");
  EXPECT_EQ(quote_argument("it's"), "\"it's\"");
  EXPECT_EQ(quote_argument("\x1b]0;x\a"), "''$'\\033'']0;x'$'\\a'");
  EXPECT_EQ(quote_argument(""), "''");
}

}  // namespace
}  // namespace fipsmod::cli
