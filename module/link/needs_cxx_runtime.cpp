// Compiled into libfipsmod.a beside the bundle (docs/integrity.md) and
// empty on purpose: the archive's one other member is a prelinked object,
// which tells CMake nothing of its language, and this C++ source makes a C
// program that links the archive link with the C++ runtime the module
// needs (CMake's link interface languages, also in the installed package).
