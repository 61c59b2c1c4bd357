# The editor's document model (documents, undo history, edits and each kind's side of them,
# autosave and recovery, settings, and the worker that runs its background tasks):
# plain C++ on the core with no UI, built whether or not the editor is, so its unit tests also run in
# the sanitizer build and the fault-injection sweep drives its saves.
set(TILELAB_EDITOR_MODEL_SOURCES
  ${CMAKE_CURRENT_LIST_DIR}/document.cpp
  ${CMAKE_CURRENT_LIST_DIR}/history.cpp
  ${CMAKE_CURRENT_LIST_DIR}/edits.cpp
  ${CMAKE_CURRENT_LIST_DIR}/kinds/edits_table.cpp
  ${CMAKE_CURRENT_LIST_DIR}/kinds/match3_edits.cpp
  ${CMAKE_CURRENT_LIST_DIR}/kinds/link_edits.cpp
  ${CMAKE_CURRENT_LIST_DIR}/kinds/lines_edits.cpp
  ${CMAKE_CURRENT_LIST_DIR}/kinds/slide_edits.cpp
  ${CMAKE_CURRENT_LIST_DIR}/kinds/collapse_edits.cpp
  ${CMAKE_CURRENT_LIST_DIR}/recovery.cpp
  ${CMAKE_CURRENT_LIST_DIR}/settings.cpp
  ${CMAKE_CURRENT_LIST_DIR}/worker.cpp)
add_library(tilelab_editor_model STATIC ${TILELAB_EDITOR_MODEL_SOURCES})
target_include_directories(tilelab_editor_model PUBLIC ${CMAKE_CURRENT_LIST_DIR})
target_link_libraries(tilelab_editor_model PUBLIC tilelab_core)
