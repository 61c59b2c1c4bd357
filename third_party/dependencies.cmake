# Included from the top CMakeLists (imported targets must be visible everywhere): finds the Debian packages tilelab builds against. No source is copied here.
find_package(nlohmann_json 3.10 REQUIRED)
find_package(Threads REQUIRED)

if(TILELAB_TESTS)
  find_package(Catch2 2.13 REQUIRED)
  list(APPEND CMAKE_MODULE_PATH ${Catch2_DIR})
endif()

if(TILELAB_EDITOR)
  find_package(SDL2 REQUIRED)
  find_package(OpenGL REQUIRED)
  # Debian's libimgui-dev: libimgui.a already holds the SDL2 and OpenGL3 backends.
  find_path(IMGUI_INCLUDE_DIR imgui.h PATH_SUFFIXES imgui REQUIRED)
  find_library(IMGUI_LIBRARY imgui REQUIRED)
  add_library(tilelab_imgui INTERFACE)
  target_include_directories(tilelab_imgui SYSTEM INTERFACE ${IMGUI_INCLUDE_DIR} ${IMGUI_INCLUDE_DIR}/backends)
  target_link_libraries(tilelab_imgui INTERFACE ${IMGUI_LIBRARY} SDL2::SDL2 OpenGL::GL ${CMAKE_DL_LIBS})
  add_library(tilelab::imgui ALIAS tilelab_imgui)
endif()
