# Installs the drop-in links, FIPSMOD_LINK_NAMES -> FIPSMOD_LINK_TARGET (a
# relative link: the tree can be moved), in FIPSMOD_LINK_BINDIR under the
# install prefix (FipsmodInstall.cmake's install(CODE) sets the three). A
# name that already holds a file that is not such a link (the system's
# md5sum, say, when installing into /usr) is left as it is, with a warning:
# the links never replace another program.
if(IS_ABSOLUTE "${FIPSMOD_LINK_BINDIR}")
  set(bindir "$ENV{DESTDIR}${FIPSMOD_LINK_BINDIR}")
else()
  set(bindir "$ENV{DESTDIR}${CMAKE_INSTALL_PREFIX}/${FIPSMOD_LINK_BINDIR}")
endif()
foreach(name IN LISTS FIPSMOD_LINK_NAMES)
  set(link "${bindir}/${name}")
  if(IS_SYMLINK "${link}")
    file(READ_SYMLINK "${link}" target)
    if(NOT target STREQUAL FIPSMOD_LINK_TARGET)
      message(WARNING "fipsmod: not installing ${link}: it is there already, a link to ${target}")
      continue()
    endif()
    message(STATUS "Up-to-date: ${link} -> ${target}")
  elseif(EXISTS "${link}")
    message(WARNING "fipsmod: not installing ${link}: a file of that name is there already")
    continue()
  else()
    file(MAKE_DIRECTORY "${bindir}")
    file(CREATE_LINK "${FIPSMOD_LINK_TARGET}" "${link}" SYMBOLIC)
    message(STATUS "Installing: ${link} -> ${FIPSMOD_LINK_TARGET}")
  endif()
  list(APPEND CMAKE_INSTALL_MANIFEST_FILES "${link}")
endforeach()
