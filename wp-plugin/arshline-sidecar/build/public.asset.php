<?php return array('dependencies' => array(), 'version' => 'a1ae44a2b2864e76dd3d');
